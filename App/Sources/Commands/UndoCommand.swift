import Adapters
import ArgumentParser

/// `stint undo`.
struct UndoCommand: QuickReadableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change and say what it was.",
        discussion: "Run it again to go further back.\n\nExamples:\n  stint undo")

    @OptionGroup var global: GlobalOptions

    var invocation: QuickCommandLine.Invocation { .undo }
}
