import Entities
import Foundation
import ProjectsFeature
import ReportsFeature
import TasksFeature
import TerminalUI
import TimersFeature
import Workers

/// Builds features and routes between them. Commands hand it what the user typed (``TaskAddArguments``
/// and friends); it reads the text with the Entities' rules (``InputReader``), builds the feature that owns
/// the command with its Services fulfilled by an Adapter, and answers the features' Coordinator requests
/// (confirmations, the task picker, a project's tasks). One coordinator serves one command.
///
/// The methods for each feature live in `AppCoordinator+<Feature>.swift`.
public struct AppCoordinator: Sendable {
    let container: AppDependencyContainer
    /// `--json`: machine-readable output instead of tables and sentences.
    let json: Bool

    /// Builds the app for one command, after argument parsing succeeded.
    /// - Parameters:
    ///   - quiet: `--quiet`: confirmations, hints and progress are left out (ADR 0009).
    ///   - color: `--color`; anything but `auto` overrides what the terminal, `NO_COLOR`, `FORCE_COLOR` and the
    ///     config file decided for the context's style.
    /// - Throws: `WorkerError` when the environment is unusable (a malformed `STINT_NOW`).
    public init(
        context: ProcessContext, json: Bool, verbose: Bool, quiet: Bool = false, color: ColorOption = .auto
    ) throws(WorkerError) {
        var context = context
        context.style = context.style.coloring(ColorChoice(rawValue: color.rawValue) ?? .auto)
        container = try AppDependencyContainer(context: context, verbose: verbose, quiet: quiet)
        self.json = json
    }

    init(container: AppDependencyContainer, json: Bool) {
        self.container = container
        self.json = json
    }

    var input: InputReader { InputReader(calendar: container.calendar) }

    /// Called once the command is over, whether it succeeded or not: under `--verbose`, how many SQL
    /// statements it ran (a count does not depend on the machine, so it shows a change in cost).
    public func finish() {
        container.logger.debug(
            "finished",
            metadata: [
                "sql_statements": "\(container.workers.statementCount)",
                "database": "\(container.workers.databaseAccess)",
            ])
        container.workers.close()
    }

    /// Called before a command that only reads (listings, reports, timer status): the database is opened
    /// read-only when it can be (ADR 0028, decision 19); a write still works.
    public func expectOnlyReads() {
        container.workers.expectOnlyReads()
    }

    /// The objects of this run, for a process that is about to exit to leave in place (``ProcessContext``).
    public var retainedUntilExit: any Sendable { container }

    // MARK: Building features

    func tasksFeature(output: (any TextOutput)? = nil, json: Bool? = nil) throws(WorkerError)
        -> any TasksFeatureInterface
    {
        TasksBuilder.build(
            TasksDependencies(
                services: TasksAdapter(worker: try container.workers.makeTaskWorker()),
                coordinator: TasksRouting(canPrompt: container.environment.canPrompt, input: container.input),
                analytics: container.analytics),
            context: try container.featureContext(json: json ?? self.json, output: output))
    }

    func projectsFeature() throws(WorkerError) -> any ProjectsFeatureInterface {
        ProjectsBuilder.build(
            ProjectsDependencies(
                services: ProjectsAdapter(
                    projectWorker: try container.workers.makeProjectWorker(),
                    listWorker: try container.workers.makeTaskListWorker()),
                coordinator: ProjectsRouting(
                    coordinator: self, canPrompt: container.environment.canPrompt, input: container.input),
                analytics: container.analytics),
            context: try container.featureContext(json: json))
    }

    func timersFeature(output: (any TextOutput)? = nil) throws(WorkerError) -> any TimersFeatureInterface {
        TimersBuilder.build(
            TimersDependencies(
                services: TimersAdapter(worker: try container.workers.makeTimeWorker()),
                coordinator: TimersRouting(
                    coordinator: self, canPrompt: container.environment.canPrompt, input: container.input),
                analytics: container.analytics),
            context: try container.featureContext(json: json, output: output))
    }

    func reportsFeature() throws(WorkerError) -> any ReportsFeatureInterface {
        ReportsBuilder.build(
            ReportsDependencies(
                services: ReportsAdapter(worker: try container.workers.makeReportWorker()),
                analytics: container.analytics),
            context: try container.featureContext(json: json))
    }

    // MARK: Routes between features

    /// Lets the user pick a task with the Tasks feature's picker, for the Timers feature.
    func pickTask() async throws -> TaskPick {
        try await tasksFeature(json: false).pick(TaskQuery())
    }

    /// `stint project show`: the Tasks feature lists the project's open tasks below the detail.
    func showTasks(inProject projectID: String) async throws {
        try await tasksFeature(json: false).list(TaskQuery(project: projectID))
    }

    /// `stint` alone: the Timers feature's time overview above the Tasks feature's dashboard. For `--json`
    /// both features write into buffers and their objects are merged into one, so a script still reads a
    /// single JSON document (`time` holds the overview).
    public func dashboard() async throws {
        guard json else {
            try await timersFeature().overview()
            container.output.write("\n")
            try await tasksFeature().dashboard()
            return
        }
        let timeOutput = CapturedOutput()
        let tasksOutput = CapturedOutput()
        try await timersFeature(output: timeOutput).overview()
        try await tasksFeature(output: tasksOutput).dashboard()
        guard
            var merged = try? JSONSerialization.jsonObject(with: Data(tasksOutput.text.utf8)) as? [String: Any],
            let time = try? JSONSerialization.jsonObject(with: Data(timeOutput.text.utf8))
        else {
            throw WorkerError(.unexpected, "the dashboard could not be assembled as JSON")
        }
        merged["time"] = time
        let data = try JSONSerialization.data(
            withJSONObject: merged, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        container.output.writeLine(String(decoding: data, as: UTF8.self))
    }
}

/// What the Tasks feature asks of its host.
struct TasksRouting: TasksCoordinator {
    let canPrompt: Bool
    let input: any LineReader

    /// On a terminal the user answers; elsewhere nobody can, and the feature asks for `--force`.
    func confirm(_ question: String) async -> TasksAnswer {
        guard canPrompt else { return .nobodyToAsk }
        let yes = Prompt.confirm(
            question, default: false, isInteractive: true, output: NoOutput(),
            readAnswer: { input.readLine(prompt: question + " [y/N] ") })
        return yes ? .yes : .no
    }
}

/// What the Timers feature asks of its host.
struct TimersRouting: TimersCoordinator {
    let coordinator: AppCoordinator
    let canPrompt: Bool
    let input: any LineReader

    /// `stint timer start` without a task: on a terminal the Tasks feature's picker asks, and the chosen
    /// task's id goes back to the Timers feature; elsewhere nobody can answer.
    func chooseTask() async throws -> TaskChoice {
        guard canPrompt else { return .unavailable }
        switch try await coordinator.pickTask() {
        case .chosen(let task): return .chosen(reference: task.id)
        case .cancelled: return .cancelled
        }
    }

    /// Deleting an entry asks on a terminal; a script that typed the command means it.
    func confirm(_ question: String) async -> Bool {
        guard canPrompt else { return true }
        return Prompt.confirm(
            question, default: false, isInteractive: true, output: NoOutput(),
            readAnswer: { input.readLine(prompt: question + " [y/N] ") })
    }
}

/// What the Projects feature asks of its host.
struct ProjectsRouting: ProjectsCoordinator {
    let coordinator: AppCoordinator
    let canPrompt: Bool
    let input: any LineReader

    /// `stint project show` lists the project's open tasks through the Tasks feature.
    func showTasks(inProject projectID: String) async throws {
        try await coordinator.showTasks(inProject: projectID)
    }

    /// Deleting a project with tasks needs a yes on a terminal; without one the feature asks for --force.
    func confirm(_ question: String) async -> ProjectsAnswer {
        guard canPrompt else { return .nobodyToAsk }
        let yes = Prompt.confirm(
            question, default: false, isInteractive: true, output: NoOutput(),
            readAnswer: { input.readLine(prompt: question + " [y/N] ") })
        return yes ? .yes : .no
    }
}

/// The line reader shows the question itself (it owns the prompt line), so `Prompt` writes nothing.
private struct NoOutput: TextOutput {
    func write(_ text: String) {}
    func write(utf8 text: UnsafeBufferPointer<UInt8>) {}
}
