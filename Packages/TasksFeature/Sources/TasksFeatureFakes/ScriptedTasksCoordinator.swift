import Foundation
import TasksFeature

/// A coordinator that answers confirmations from a script and remembers the questions it was asked.
public actor ScriptedTasksCoordinator: TasksCoordinator {
    private var answers: [TasksAnswer]
    private let answerWhenScriptEnds: TasksAnswer
    /// Every question asked so far, oldest first.
    public private(set) var questions: [String] = []

    /// - Parameters:
    ///   - answers: the replies to give, in order.
    ///   - answerWhenScriptEnds: the reply once `answers` is used up; `.nobodyToAsk` mirrors a host without a
    ///     terminal.
    public init(answers: [TasksAnswer] = [], answerWhenScriptEnds: TasksAnswer = .nobodyToAsk) {
        self.answers = answers
        self.answerWhenScriptEnds = answerWhenScriptEnds
    }

    public func confirm(_ question: String) async -> TasksAnswer {
        questions.append(question)
        return answers.isEmpty ? answerWhenScriptEnds : answers.removeFirst()
    }
}
