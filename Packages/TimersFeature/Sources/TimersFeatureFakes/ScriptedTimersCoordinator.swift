import Foundation
import TimersFeature

/// A coordinator that answers from a script and remembers what it was asked.
public actor ScriptedTimersCoordinator: TimersCoordinator {
    private var choices: [TaskChoice]
    private let choiceWhenScriptEnds: TaskChoice
    private let chooseError: (any Error)?
    private var answers: [Bool]
    private let answerWhenScriptEnds: Bool
    /// How many times the feature asked for a task.
    public private(set) var taskRequests = 0
    /// Every confirmation question asked so far, oldest first.
    public private(set) var questions: [String] = []

    /// - Parameters:
    ///   - choices: the replies to `chooseTask`, in order.
    ///   - choiceWhenScriptEnds: the reply once `choices` is used up; `.unavailable` mirrors a host that cannot ask.
    ///   - chooseError: when set, `chooseTask` throws it instead of answering (a picker that failed).
    ///   - answers: the replies to `confirm`, in order.
    ///   - answerWhenScriptEnds: the reply once `answers` is used up; `true` mirrors a host that cannot ask.
    public init(
        choices: [TaskChoice] = [],
        choiceWhenScriptEnds: TaskChoice = .unavailable,
        chooseError: (any Error)? = nil,
        answers: [Bool] = [],
        answerWhenScriptEnds: Bool = true
    ) {
        self.choices = choices
        self.choiceWhenScriptEnds = choiceWhenScriptEnds
        self.chooseError = chooseError
        self.answers = answers
        self.answerWhenScriptEnds = answerWhenScriptEnds
    }

    public func chooseTask() async throws -> TaskChoice {
        taskRequests += 1
        if let chooseError { throw chooseError }
        return choices.isEmpty ? choiceWhenScriptEnds : choices.removeFirst()
    }

    public func confirm(_ question: String) async -> Bool {
        questions.append(question)
        return answers.isEmpty ? answerWhenScriptEnds : answers.removeFirst()
    }
}
