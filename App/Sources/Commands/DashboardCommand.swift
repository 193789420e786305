import Adapters
import ArgumentParser

/// `stint` alone.
struct DashboardCommand: QuickReadableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "The running timer, time logged today and this week, and tasks that need attention.",
        discussion: "Examples:\n  stint\n  stint dashboard --json")

    @OptionGroup var global: GlobalOptions

    var invocation: QuickCommandLine.Invocation { .dashboard }
}
