import Foundation
import ProjectsFeature

/// ``ProjectsCoordinator`` that answers confirmations from a script and records what it was asked.
///
/// Answers are used in order; once they run out, `fallbackAnswer` is given (`.nobodyToAsk` by default, like a host
/// that cannot prompt because stdin is not a terminal).
public actor ScriptedProjectsCoordinator: ProjectsCoordinator {
    private var answers: [ProjectsAnswer]
    private let fallbackAnswer: ProjectsAnswer
    private let showTasksError: (any Error)?

    /// Every question passed to `confirm`, oldest first.
    public private(set) var questions: [String] = []
    /// The project ids passed to `showTasks`, oldest first.
    public private(set) var shownProjectIDs: [String] = []

    /// - Parameters:
    ///   - answers: replies to the first confirmations, in order.
    ///   - fallbackAnswer: the reply once `answers` are used up.
    ///   - showTasksError: when set, `showTasks` records the call and then throws it.
    public init(
        answers: [ProjectsAnswer] = [], fallbackAnswer: ProjectsAnswer = .nobodyToAsk,
        showTasksError: (any Error)? = nil
    ) {
        self.answers = answers
        self.fallbackAnswer = fallbackAnswer
        self.showTasksError = showTasksError
    }

    public func showTasks(inProject projectID: String) async throws {
        shownProjectIDs.append(projectID)
        if let showTasksError { throw showTasksError }
    }

    public func confirm(_ question: String) async -> ProjectsAnswer {
        questions.append(question)
        return answers.isEmpty ? fallbackAnswer : answers.removeFirst()
    }
}
