import Entities
import Foundation
import ProjectsFeature
import ReportsFeature
import TasksFeature
import TerminalUI
import TimersFeature

/// Builds features and routes between them. Commands hand it parsed input; it picks the feature,
/// wires the feature's Services to an Adapter, and answers the feature's Coordinator requests
/// (confirmations, showing another feature's content).
public struct AppCoordinator: Sendable {
    let container: AppDependencyContainer

    public init(container: AppDependencyContainer) {
        self.container = container
    }

    func tasks(json: Bool, output: (any TextOutput)? = nil) throws(WorkerError) -> any TasksFeatureInterface {
        let environment = container.environment
        return TasksBuilder.build(
            services: TasksAdapter(worker: try container.makeTaskWorker()),
            coordinator: TasksRouting(canPrompt: environment.canPrompt), analytics: container.analytics,
            output: output ?? container.output, style: environment.style, format: json ? .json : .human,
            today: TasksAdapter.calendarDay(container.calendar.today), timeZone: environment.timeZone)
    }

    func projects(json: Bool) throws(WorkerError) -> any ProjectsFeatureInterface {
        let environment = container.environment
        return ProjectsBuilder().build(
            services: ProjectsAdapter(
                projectWorker: try container.makeProjectWorker(), listWorker: try container.makeTaskListWorker()),
            coordinator: ProjectsRouting(coordinator: self, canPrompt: environment.canPrompt),
            analytics: container.analytics, output: container.output, style: environment.style,
            format: json ? .json : .human, today: TasksAdapter.calendarDay(container.calendar.today),
            timeZone: environment.timeZone)
    }

    func timers(json: Bool, output: (any TextOutput)? = nil) throws(WorkerError) -> any TimersFeatureInterface {
        let environment = container.environment
        return TimersBuilder.build(
            services: TimersAdapter(worker: try container.makeTimeWorker()),
            coordinator: TimersRouting(coordinator: self, canPrompt: environment.canPrompt),
            analytics: container.analytics, output: output ?? container.output, style: environment.style,
            format: json ? .json : .human, today: TasksAdapter.calendarDay(container.calendar.today),
            timeZone: environment.timeZone)
    }

    func reports(format: ReportFormat) throws(WorkerError) -> any ReportsFeatureInterface {
        let environment = container.environment
        return ReportsBuilder.build(
            services: ReportsAdapter(worker: try container.makeReportWorker()), analytics: container.analytics,
            output: container.output, style: environment.style, format: format,
            today: TasksAdapter.calendarDay(container.calendar.today), timeZone: environment.timeZone)
    }

    /// Lets the user pick a task with the Tasks feature's picker, for the Timers feature.
    func pickTask() async throws -> TasksFeature.TaskPick {
        let environment = container.environment
        let tasks = TasksBuilder.build(
            services: TasksAdapter(worker: try container.makeTaskWorker()),
            coordinator: TasksRouting(canPrompt: environment.canPrompt), analytics: container.analytics,
            output: container.output, style: environment.style, format: .human,
            today: TasksAdapter.calendarDay(container.calendar.today), timeZone: environment.timeZone,
            input: StandardLineReader(output: container.output))
        return try await tasks.pick(TasksFeature.TaskQuery())
    }

    /// `stint` alone: the Timers feature's time overview above the Tasks feature's dashboard. For
    /// `--json` both features write into buffers and their objects are merged into one, so a script
    /// still reads a single JSON document (`time` holds the overview).
    func dashboard(json: Bool) async throws {
        guard json else {
            try await timers(json: false).overview()
            container.output.write("\n")
            try await tasks(json: false).dashboard()
            return
        }
        let timeOutput = CapturedOutput()
        let tasksOutput = CapturedOutput()
        try await timers(json: true, output: timeOutput).overview()
        try await tasks(json: true, output: tasksOutput).dashboard()
        guard
            var merged = try? JSONSerialization.jsonObject(with: Data(tasksOutput.text.utf8)) as? [String: Any],
            let time = try? JSONSerialization.jsonObject(with: Data(timeOutput.text.utf8))
        else {
            throw WorkerError(.unexpected, "the dashboard could not be assembled as JSON")
        }
        merged["time"] = time
        let data = try JSONSerialization.data(
            withJSONObject: merged, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        container.output.write((String(data: data, encoding: .utf8) ?? "{}") + "\n")
    }

    /// Reverts the last change and says what it was.
    func undo(json: Bool) async throws(WorkerError) {
        let summary = try await container.makeHistoryWorker().undo()
        if json {
            container.output.write(#"{"undone":"# + Self.jsonString(summary) + "}\n")
        } else {
            container.output.write("Undid: \(summary)\n")
        }
    }

    /// Writes the export to `path`, or to stdout when nil.
    func export(to path: String?) async throws(WorkerError) {
        let data = try await container.makeTransferWorker().export()
        guard let path else {
            container.output.write((String(data: data, encoding: .utf8) ?? "") + "\n")
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw WorkerError(.invalidInput, "cannot write \(path): \(error.localizedDescription)", cause: error)
        }
        container.errorOutput.write("Exported to \(path)\n")
    }

    /// Imports an export file, with progress on a terminal.
    func importFile(_ path: String, json: Bool) async throws(WorkerError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw WorkerError(.notFound, "cannot read \(path): \(error.localizedDescription)", cause: error)
        }
        let environment = container.environment
        let progressStyle = TerminalStyle(isTTY: environment.stderrIsTTY, useColor: false, width: nil)
        let errorOutput = container.errorOutput
        let reporter = LazyBox<ProgressReporter>()
        let summary = try await container.makeTransferWorker().importArchive(data) { done, total in
            let progress = reporter.value {
                ProgressReporter(total: total, label: "Importing", style: progressStyle, output: errorOutput)
            }
            progress.update(done)
        }
        reporter.peek?.finish()
        if json {
            container.output.write(
                #"{"inserted":\#(summary.inserted),"unchanged":\#(summary.unchanged),"updated":\#(summary.updated)}"#
                    + "\n")
        } else {
            container.output.write(
                "Imported \(path): \(summary.inserted) new, \(summary.updated) updated, \(summary.unchanged) unchanged\n"
            )
        }
    }

    static func jsonString(_ text: String) -> String {
        (try? JSONText.encode(text)) ?? "\"\""
    }
}

/// What the Tasks feature asks of its host.
struct TasksRouting: TasksCoordinator {
    let canPrompt: Bool

    /// On a terminal the user answers; elsewhere there is nobody to ask and the command was explicit.
    func confirm(_ question: String) async -> Bool {
        guard canPrompt else { return true }
        return Prompt.confirm(question, default: false)
    }
}

/// What the Timers feature asks of its host.
struct TimersRouting: TimersCoordinator {
    let coordinator: AppCoordinator
    let canPrompt: Bool

    /// `stint timer start` without a task: on a terminal the Tasks feature's picker asks, and the
    /// chosen task's id goes back to the Timers feature; elsewhere nobody can answer.
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
        return Prompt.confirm(question, default: false)
    }
}

/// What the Projects feature asks of its host.
struct ProjectsRouting: ProjectsCoordinator {
    let coordinator: AppCoordinator
    let canPrompt: Bool

    /// `stint project show` lists the project's open tasks through the Tasks feature.
    func showTasks(inProject projectID: String) async throws {
        try await coordinator.tasks(json: false).list(TasksFeature.TaskQuery(project: projectID))
    }

    /// Deleting a project with tasks needs a yes on a terminal; without one the feature asks for --force.
    func confirm(_ question: String) async -> Bool {
        guard canPrompt else { return false }
        return Prompt.confirm(question, default: false)
    }
}
