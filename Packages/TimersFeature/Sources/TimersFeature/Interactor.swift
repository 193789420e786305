import Foundation
import TerminalUI

/// The feature's logic: asks for a task when none was named, checks the request, calls the Services, reports
/// analytics, and hands the result to the presenter and view. It never catches Services or coordinator errors, so
/// the App sees exactly what they threw.
struct TimersInteractor: TimersFeatureInterface {
    let services: any TimersServices
    let coordinator: any TimersCoordinator
    let analytics: any TimersAnalytics
    let presenter: TimersPresenter
    let view: TimersView
    /// The default day of `entries`.
    let today: CalendarDay

    // MARK: Timers

    func start(_ request: TimerStartRequest) async throws {
        var request = request
        if request.task == nil && request.project == nil {
            switch try await coordinator.chooseTask() {
            case .chosen(let reference):
                request.task = reference
            case .cancelled:
                analytics.track(.startCancelled)
                try view.render(presenter.cancelled("No timer started."))
                return
            case .unavailable:
                throw TimersFeatureError.taskRequired
            }
        }
        let result = try await services.startTimer(request)
        analytics.track(.started(pausedOthers: result.paused.count, resumedExisting: result.resumed))
        try view.render(presenter.started(result))
    }

    func pause(timer: String?, at: Date?) async throws {
        let paused = try await services.pauseTimer(reference: timer, at: at)
        analytics.track(.paused)
        try view.render(presenter.paused(paused))
    }

    func resume(timer: String?, at: Date?) async throws {
        let result = try await services.resumeTimer(reference: timer, at: at)
        analytics.track(.resumed(pausedOthers: result.paused.count))
        try view.render(presenter.started(result))
    }

    func stop(timer: String?, at: Date?, note: String?, force: Bool) async throws {
        let result = try await services.stopTimer(reference: timer, at: at, note: note, force: force)
        analytics.track(.stopped)
        try view.render(presenter.stopped(result))
    }

    func discard(timer: String?) async throws {
        let discarded = try await services.discardTimer(reference: timer)
        analytics.track(.discarded)
        try view.render(presenter.discarded(discarded))
    }

    func status() async throws {
        // One read gives a consistent picture: the running timer and how many wait paused.
        let timers = try await services.timers()
        let running = timers.first { $0.state == .running }
        let paused = timers.filter { $0.state == .paused }
        analytics.track(.statusShown(running: running != nil, pausedCount: paused.count))
        try view.render(presenter.status(running: running, paused: paused))
    }

    func overview() async throws {
        async let timers = services.timers()
        async let spent = services.timeSpent()
        let all = try await timers
        let running = all.first { $0.state == .running }
        analytics.track(.overviewShown(running: running != nil))
        try view.render(
            presenter.overview(
                running: running, pausedCount: all.count - (running == nil ? 0 : 1), spent: try await spent))
    }

    func list() async throws {
        let timers = try await services.timers()
        analytics.track(.listed(count: timers.count))
        try view.render(presenter.list(timers))
    }

    // MARK: Entries

    func log(_ request: LogRequest) async throws {
        var request = request
        if request.task == nil && request.project == nil {
            switch try await coordinator.chooseTask() {
            case .chosen(let reference):
                request.task = reference
            case .cancelled:
                analytics.track(.logCancelled)
                try view.render(presenter.cancelled("Nothing logged."))
                return
            case .unavailable:
                throw TimersFeatureError.logTargetRequired
            }
        }
        let entry = try await services.logTime(request)
        analytics.track(.logged)
        try view.render(presenter.logged(entry))
    }

    func entries(_ query: EntryQuery) async throws {
        var query = query
        // A bare `entries` shows today; a day, a task or a project (or `all`) widens it to what they say.
        if query.usesDefaultRange { query.since = today }
        let entries = try await services.entries(matching: query)
        analytics.track(.entriesListed(count: entries.count))
        // The table also shows what your timers hold (like `watson log --current`), so "today" is not short by the
        // hour still running; JSON and CSV stay lists of entries, which is what scripts read them for.
        var open: [Timer] = []
        // Only your own timers: another person's are never on this device.
        if presenter.format == .human, query.layout == .table, query.covers(today), query.author == .me {
            open = try await services.timers().filter { query.matches($0) }
        }
        try view.render(presenter.entries(entries, layout: query.layout, timers: open))
    }

    func editEntry(_ reference: String, changes: EntryChanges) async throws {
        guard !changes.isEmpty else { throw TimersFeatureError.nothingToEdit(reference: reference) }
        let entry = try await services.editEntry(reference: reference, changes: changes)
        analytics.track(.entryEdited(fieldCount: changes.changedFields.count))
        try view.render(presenter.entryEdited(entry, fields: changes.changedFields))
    }

    func deleteEntry(_ reference: String) async throws {
        // Resolve first so the question describes the time the user is about to lose (and a bad reference fails
        // before anyone is asked anything).
        let entry = try await services.entry(reference: reference)
        guard await coordinator.confirm(presenter.deletionQuestion(for: entry)) else {
            analytics.track(.entryDeletionDeclined)
            try view.render(presenter.deletionDeclined(entry))
            return
        }
        // Delete by full id, not by the typed prefix: the entry the user saw is the one they confirmed.
        let deleted = try await services.deleteEntry(reference: entry.id)
        analytics.track(.entryDeleted)
        try view.render(presenter.entryDeleted(deleted))
    }
}
