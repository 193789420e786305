import Foundation
import TasksFeature

/// A coordinator that answers confirmations from a script and remembers the questions it was asked.
public actor ScriptedTasksCoordinator: TasksCoordinator {
    private var answers: [Bool]
    private let answerWhenScriptEnds: Bool
    /// Every question asked so far, oldest first.
    public private(set) var questions: [String] = []

    /// - Parameters:
    ///   - answers: the replies to give, in order.
    ///   - answerWhenScriptEnds: the reply once `answers` is used up; `true` mirrors a host that cannot ask.
    public init(answers: [Bool] = [], answerWhenScriptEnds: Bool = true) {
        self.answers = answers
        self.answerWhenScriptEnds = answerWhenScriptEnds
    }

    public func confirm(_ question: String) async -> Bool {
        questions.append(question)
        return answers.isEmpty ? answerWhenScriptEnds : answers.removeFirst()
    }
}
