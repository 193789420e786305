import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks the user yes/no questions, but only when someone can answer: scripts and pipes get the default
/// without anything being read, so a command never hangs waiting for input that will not come.
public enum Prompt {
    /// Asks `question` and returns the answer, or `default` when standard input or standard output is not a
    /// terminal, input ends, or the answer is empty or unrecognised.
    public static func confirm(_ question: String, default defaultAnswer: Bool = false) -> Bool {
        confirm(
            question, default: defaultAnswer, isInteractive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
            output: StandardOutput(), readAnswer: { readLine(strippingNewline: true) })
    }

    /// The logic behind `confirm`, with the terminal check and the input source injected so it can be tested.
    ///
    /// - Parameters:
    ///   - isInteractive: whether both input and output are terminals; when false nothing is written or read.
    ///   - output: where the question goes.
    ///   - readAnswer: reads one line; nil means input ended.
    public static func confirm(
        _ question: String, default defaultAnswer: Bool, isInteractive: Bool, output: any TextOutput,
        readAnswer: () -> String?
    ) -> Bool {
        guard isInteractive else { return defaultAnswer }
        output.write(question + (defaultAnswer ? " [Y/n] " : " [y/N] "))
        guard let answer = readAnswer() else {
            output.write("\n")
            return defaultAnswer
        }
        return interpret(answer) ?? defaultAnswer
    }

    /// "y"/"yes" and "n"/"no" in any case, surrounding spaces ignored; anything else is nil.
    static func interpret(_ answer: String) -> Bool? {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": true
        case "n", "no": false
        default: nil
        }
    }
}
