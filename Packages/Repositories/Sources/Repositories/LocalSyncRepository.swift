import Entities
import Foundation
import LocalStorage

/// ``SyncRepository`` over the local store (the outbox, server rows, conflicts, settings), the
/// credentials file and a ``SyncService`` made for the account's server: the sync engine.
///
/// Push: the outbox after the acknowledged number is read in batches of at most ``batchBytes`` of
/// change images, compacted per record and pushed as a gapless range; each answer is written in
/// one transaction with the new acknowledged number (records rebased over changes still pending,
/// conflicts kept). Pull: pages of ``pageSize`` records from the cursor, each page and its cursor
/// in one transaction. A failure anywhere leaves the store consistent and the next sync resumes.
struct LocalSyncRepository: SyncRepository {
    let store: LocalStore
    let credentials: CredentialsFile
    let makeService: SyncServiceFactory
    let team: any TeamMemberDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    /// The most bytes of change images one push carries.
    var batchBytes: Int = Self.defaultBatchBytes
    static let defaultBatchBytes = 1 << 20
    /// The server's largest page: a first pull of 100,000 records takes 20 round trips, not 100.
    var pageSize = 5000
    /// How many records a pull holds back while they wait for a later page with what they refer to (``pull``).
    var largestWait: Int { pageSize * 40 }

    // MARK: Account

    func login(server: URL, token: String, deviceName: String) async throws -> SyncAccount {
        let service = makeService(server, token)
        let session = try await remote { () throws(RemoteFailure) in try await service.session() }
        let settings = try await storage { try await store.syncSettings() }
        let sameServer = settings[.server] == server.absoluteString && settings[.epoch] == session.epoch
        let deviceID =
            try settings[.deviceID].map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "device id")
            } ?? ids.makeIdentifier()
        let device = try await remote { () throws(RemoteFailure) in
            try await service.registerDevice(id: deviceID, name: deviceName, startAfter: settings.pushedThrough)
        }
        try await storage {
            try await store.adoptPerson(session.userID.storageID, settingKey: SQLiteTimeDatastore.personKey)
        }
        do {
            try credentials.write(Credentials(server: server.absoluteString, token: token))
        } catch {
            throw RepositoryError.storage(inner: error)
        }
        var values: [SyncSettingKey: String?] = [
            .server: server.absoluteString, .userID: session.userID.storageID, .userName: session.userName,
            .deviceID: deviceID.storageID, .deviceName: deviceName, .epoch: session.epoch,
            .pushedThrough: String(device.lastMutation),
        ]
        if !sameServer { values[.cursor] = .some(nil) }
        try await storage { try await store.setSyncSettings(values) }
        await team.forget()
        return SyncAccount(
            server: server, userID: session.userID, userName: session.userName, deviceID: deviceID,
            deviceName: deviceName)
    }

    func logout() async throws -> SyncAccount? {
        let account = try await account()
        do { try credentials.delete() } catch { throw RepositoryError.storage(inner: error) }
        try await storage { try await store.forgetSyncState() }
        await team.forget()
        return account
    }

    func account() async throws -> SyncAccount? {
        try await loggedIn()?.account
    }

    private struct Session {
        var account: SyncAccount
        var token: String
        var epoch: String?
    }

    /// The account and token, when both the settings and the credentials file have them.
    private func loggedIn() async throws(RepositoryError) -> Session? {
        let settings = try await storage { try await store.syncSettings() }
        return try session(settings)
    }

    private func session(_ settings: SyncSettings) throws(RepositoryError) -> Session? {
        guard let serverText = settings[.server], let server = URL(string: serverText),
            let user = settings[.userID], let device = settings[.deviceID]
        else { return nil }
        let stored: Credentials?
        do { stored = try credentials.read() } catch { throw .storage(inner: error) }
        guard let stored, stored.server == serverText else { return nil }
        return Session(
            account: SyncAccount(
                server: server, userID: try UUID(storageID: user, field: "user id"),
                userName: settings[.userName] ?? "", deviceID: try UUID(storageID: device, field: "device id"),
                deviceName: settings[.deviceName] ?? ""),
            token: stored.token, epoch: settings[.epoch])
    }

    // MARK: Sync

    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
        guard let session = try await loggedIn() else { throw RepositoryError.notLoggedIn }
        let service = makeService(session.account.server, session.token)
        var summary = SyncSummary()
        do {
            try await push(session, service, &summary, progress)
        } catch RepositoryError.remote(.epochChanged) {
            try await rebootstrap(session, service, &summary, progress)
            try await push(session, service, &summary, progress)
        }
        do {
            try await pull(service, &summary, progress)
        } catch RepositoryError.remote(.epochChanged) {
            try await rebootstrap(session, service, &summary, progress)
            try await push(session, service, &summary, progress)
        }
        let finished = clock.now()
        try await storage {
            try await store.setSyncSettings([
                .lastSyncAt: String(Int64((finished.timeIntervalSince1970 * 1000).rounded())),
                .autoSyncFailure: nil,
            ])
        }
        return summary
    }

    /// Pushes every pending change, batch after batch. A gap (the server's number for this device is
    /// not the acknowledged one here) re-registers the device, adopts the server's number and tries
    /// again once.
    ///
    /// The batches are pipelined over the one connection: while the server applies a batch, this
    /// device reads and compacts the next one; as soon as an answer arrives the next batch goes out,
    /// and only then is the answer written. Batches still go one at a time and in order, so the
    /// server's gapless rule is untouched; an answer written while the next batch is out simply finds
    /// that batch's changes still pending, as it would find any change made during a sync.
    private func push(
        _ session: Session, _ service: any SyncService, _ summary: inout SyncSummary,
        _ progress: @Sendable (SyncProgress) -> Void
    ) async throws(RepositoryError) {
        let overview = try await storage { try await store.syncOverview() }
        let total = overview.pendingChanges
        guard total > 0 else { return }
        guard let epoch = overview.settings[.epoch] else { throw .notLoggedIn }
        var done = 0
        var recoveredGap = false

        func prepare(after number: Int64) async throws(RepositoryError) -> (PendingChanges, PushBatch)? {
            let pending = try await storage {
                try await store.pendingChanges(after: number, byteBudget: batchBytes)
            }
            guard !pending.changes.isEmpty else { return nil }
            let batch = PushBatch(
                deviceID: session.account.deviceID, epoch: epoch, first: pending.first, last: pending.last,
                mutations: try SyncCoding.compact(pending.changes))
            return (pending, batch)
        }
        func send(_ batch: PushBatch) -> _Concurrency.Task<Result<PushReply, RemoteFailure>, Never> {
            _Concurrency.Task { () -> Result<PushReply, RemoteFailure> in
                do throws(RemoteFailure) { return .success(try await service.push(batch)) } catch {
                    return .failure(error)
                }
            }
        }

        let pushedThrough = try await storage { try await store.syncSettings() }.pushedThrough
        var current = try await prepare(after: pushedThrough)
        var inFlight = current.map { send($0.1) }
        defer { inFlight?.cancel() }
        while let next = current, let task = inFlight {
            let (pending, batch) = next
            let upcoming = try await prepare(after: pending.last)
            let reply: PushReply
            switch await task.value {
            case .success(let answer):
                reply = answer
            case .failure(.gap) where !recoveredGap:
                recoveredGap = true
                let device = try await remote { () throws(RemoteFailure) in
                    try await service.registerDevice(
                        id: session.account.deviceID, name: session.account.deviceName,
                        startAfter: pending.first - 1)
                }
                // The server applied changes whose answers never arrived: the next pull fetches them too.
                try await storage {
                    try await store.setSyncSettings([
                        .pushedThrough: String(device.lastMutation), .pullEverything: "1",
                    ])
                }
                current = try await prepare(after: device.lastMutation)
                inFlight = current.map { send($0.1) }
                continue
            case .failure(.forbidden(let message)):
                // A server reset or restored from a backup no longer knows this device: a new epoch.
                let now = try await remote { () throws(RemoteFailure) in try await service.session() }
                throw .remote(now.epoch == epoch ? .forbidden(message) : .epochChanged(message))
            case .failure(let error):
                throw .remote(error)
            }
            inFlight = upcoming.map { send($0.1) }
            // A retried batch whose stored answer is gone (the server keeps only the last one) says
            // nothing of its records: the next pull fetches them too.
            let answersLost = reply.replayed && reply.results.isEmpty && !batch.mutations.isEmpty
            try await settle(reply, through: pending.last, answersLost: answersLost, &summary)
            done += pending.changes.count
            summary.pushed += pending.changes.count
            progress(SyncProgress(phase: .push, done: done, total: max(total, done)))
            current = upcoming
        }
    }

    /// Writes a push's answer: every returned record, the conflicts and rejections, and the new
    /// acknowledged number, in one transaction.
    private func settle(
        _ reply: PushReply, through last: Int64, answersLost: Bool, _ summary: inout SyncSummary
    ) async throws(RepositoryError) {
        let now = clock.now()
        var rows: [ServerRow] = []
        var conflicts: [SyncConflictRecord] = []
        for result in reply.results {
            if let record = result.record { rows.append(SyncCoding.serverRow(record)) }
            let entity = result.record.map { SyncCoding.storageName($0.entity) }
            switch result.outcome {
            case .applied: summary.applied += 1
            case .merged: summary.merged += 1
            case .conflict:
                for conflict in result.conflicts {
                    guard let record = result.record else { continue }
                    summary.conflicts += 1
                    conflicts.append(
                        SyncConflictRecord(
                            id: ids.makeIdentifier().storageID, entity: entity ?? "", entityID: record.id.storageID,
                            field: conflict.field, mineJSON: conflict.mine.jsonText,
                            theirsJSON: conflict.theirs.jsonText, createdAt: now))
                }
            case .rejected:
                let reason = result.reason ?? "rejected by the server"
                summary.rejected.append(reason)
                if let record = result.record {
                    conflicts.append(
                        SyncConflictRecord(
                            id: ids.makeIdentifier().storageID, entity: entity ?? "", entityID: record.id.storageID,
                            field: SyncConflictRecord.rejectedField, mineJSON: nil,
                            theirsJSON: SyncValue.object(record.fields).jsonText, reason: reason, createdAt: now))
                }
            }
        }
        let write = SyncWrite(
            rows: rows, conflicts: conflicts, pushedThrough: last,
            settings: answersLost ? [.pullEverything: "1"] : [:])
        try await storage { try await store.applySync(write) }
        try await withdrawStaleStretches(reply)
    }

    /// A stop whose first entry lost to another device's stop of the same timer (a conflict on the entry that
    /// carries the timer's id) loses whole: the later stretches it pushed alongside, which the server took as new
    /// entries, are deleted here and the deletion is pushed with the next batch (ADR 0014, 0022). Only entries
    /// this push itself created and whose ids derive from a losing entry's are touched, so another device's
    /// stretches never are.
    private func withdrawStaleStretches(_ reply: PushReply) async throws(RepositoryError) {
        let entries = reply.results.compactMap { result -> (MutationReply, SyncRecord)? in
            guard let record = result.record, record.entity == .timeEntry else { return nil }
            return (result, record)
        }
        let losers = entries.filter { $0.0.outcome == .conflict }.map(\.1.id)
        guard !losers.isEmpty else { return }
        let created = Set(entries.filter { $0.0.outcome == .applied && !$0.1.deleted }.map(\.1.id))
        var stale: [UUID] = []
        for loser in losers {
            var index = 1
            while created.contains(TimeEntry.stretchID(of: loser, index: index)) {
                stale.append(TimeEntry.stretchID(of: loser, index: index))
                index += 1
            }
        }
        guard !stale.isEmpty else { return }
        let withdrawn = stale.map(\.storageID)
        let now = clock.now()
        let summary =
            stale.count == 1
            ? "withdrew 1 entry of a timer another device stopped first"
            : "withdrew \(stale.count) entries of a timer another device stopped first"
        try await storage {
            try await store.write(summary: summary, at: now) { writer in
                for id in withdrawn where try writer.timeEntry(id: id) != nil {
                    try writer.deleteTimeEntry(id: id, at: now)
                }
            }
        }
    }

    /// Pulls pages from the cursor until the server has no more; each page lands with its cursor.
    private func pull(
        _ service: any SyncService, _ summary: inout SyncSummary, _ progress: @Sendable (SyncProgress) -> Void
    ) async throws(RepositoryError) {
        let settings = try await storage { try await store.syncSettings() }
        var cursor = settings[.cursor]
        let epoch = settings[.epoch]
        // This device's own writes are left out: its push answers brought them (see pullEverything).
        let everything = settings[.pullEverything] != nil
        let device =
            everything
            ? nil
            : try settings[.deviceID].map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "device id")
            }
        // Rows of pages that could not land alone, waiting for a later page that holds what they refer to.
        var waiting: [ServerRow] = []
        let size = pageSize
        while true {
            let page = try await remote { () throws(RemoteFailure) in
                try await service.pull(since: cursor, limit: size, leavingOut: device)
            }
            if let epoch, page.epoch != epoch {
                throw .remote(.epochChanged("the server's data was reset or restored"))
            }
            let finished = !page.hasMore || page.records.isEmpty
            // Nothing new (the common case of a sync with nothing to do): no write transaction.
            if !page.records.isEmpty || page.cursor != cursor || page.epoch != epoch || (everything && finished) {
                var values: [SyncSettingKey: String?] = [.cursor: page.cursor, .epoch: page.epoch]
                if everything && finished { values[.pullEverything] = .some(nil) }
                let rows = waiting + page.records.map(SyncCoding.serverRow)
                let write = SyncWrite(rows: rows, settings: values)
                let counts: SyncApplyCounts
                do {
                    counts = try await store.applySync(write)
                    waiting = []
                } catch let error
                    where error.isMissingReference && page.hasMore && !page.records.isEmpty
                    && rows.count < largestWait
                {
                    // Records come in the order they last changed, so a task may come a page before its project
                    // (the project renamed after its 5,000 tasks were sent). The page was rolled back whole, the
                    // stored cursor stays; it lands with the next page, which brings the parent along.
                    waiting = rows
                    cursor = page.cursor
                    continue
                } catch {
                    throw repositoryError(error)
                }
                // This device's own changes come back in the pull; they are already here and not "pulled".
                summary.pulled += counts.inserted + counts.updated
            }
            progress(SyncProgress(phase: .pull, done: summary.pulled, total: nil))
            cursor = page.cursor
            guard page.hasMore, !page.records.isEmpty else { break }
        }
    }

    /// The server is a new one (reset or restored): adopt its epoch, register again (the first push
    /// follows the acknowledged number), pull everything. Pending changes are kept; the caller
    /// pushes them next.
    private func rebootstrap(
        _ session: Session, _ service: any SyncService, _ summary: inout SyncSummary,
        _ progress: @Sendable (SyncProgress) -> Void
    ) async throws(RepositoryError) {
        summary.rebootstrapped = true
        let remoteSession = try await remote { () throws(RemoteFailure) in try await service.session() }
        let pushedThrough = try await storage { try await store.syncSettings() }.pushedThrough
        let device = try await remote { () throws(RemoteFailure) in
            try await service.registerDevice(
                id: session.account.deviceID, name: session.account.deviceName, startAfter: pushedThrough)
        }
        try await storage {
            try await store.setSyncSettings([
                .epoch: remoteSession.epoch, .cursor: nil, .pushedThrough: String(device.lastMutation),
                .pullEverything: "1",
            ])
        }
        try await pull(service, &summary, progress)
    }

    // MARK: Status and conflicts

    func status() async throws -> SyncStatus {
        let overview = try await storage { try await store.syncOverview() }
        let lastSync = overview.settings[.lastSyncAt].flatMap { Int64($0) }.map {
            Date(timeIntervalSince1970: Double($0) / 1000)
        }
        return SyncStatus(
            account: try session(overview.settings)?.account, pending: overview.pendingChanges, lastSync: lastSync,
            conflicts: overview.openConflicts, epoch: overview.settings[.epoch],
            autoSync: overview.settings[.autoSync] == "on", autoSyncFailure: overview.settings[.autoSyncFailure])
    }

    func autoSyncState() async throws -> AutoSyncState {
        let settings = try await storage { try await store.syncSettings() }
        // Logged in as far as the settings know: the credentials file is only read when it matters.
        let enabled = settings[.autoSync] == "on"
        var loggedIn = false
        if enabled { loggedIn = try session(settings) != nil }
        return AutoSyncState(enabled: enabled, loggedIn: loggedIn, lastFailure: settings[.autoSyncFailure])
    }

    func setAutoSync(_ enabled: Bool) async throws {
        try await storage { try await store.setSyncSettings([.autoSync: enabled ? "on" : nil]) }
    }

    func noteAutoSyncFailure(_ message: String) async throws {
        try await storage { try await store.setSyncSettings([.autoSyncFailure: message]) }
    }

    func conflicts(includeResolved: Bool) async throws -> [SyncConflict] {
        let records = try await storage { try await store.syncConflicts(includeResolved: includeResolved) }
        var conflicts: [SyncConflict] = []
        for record in records { conflicts.append(try await conflict(record)) }
        return conflicts
    }

    func resolve(conflict idPrefix: String, take side: ConflictSide) async throws -> SyncConflict {
        guard let prefix = Reference.idPrefix(idPrefix) else {
            throw RepositoryError.notFound(kind: .syncConflict, reference: idPrefix)
        }
        let matches = try await storage { try await store.syncConflicts(idPrefix: prefix) }
        guard let record = matches.first else {
            throw RepositoryError.notFound(kind: .syncConflict, reference: idPrefix)
        }
        guard matches.count == 1 else {
            var candidates: [ReferenceCandidate] = []
            for match in matches {
                let conflict = try await conflict(match)
                candidates.append(
                    ReferenceCandidate(
                        reference: Reference.short(conflict.id), label: "\(conflict.label) \(conflict.field)"))
            }
            throw RepositoryError.ambiguous(kind: .syncConflict, reference: idPrefix, candidates: candidates)
        }
        // Settled before: taking a side again would write the old losing value over whatever changed since (a
        // teammate's newer edit), or record a resolution that no longer says what happened. Nothing changes.
        if record.resolvedAt != nil || record.resolution != nil {
            guard let earlier = record.resolution.flatMap(ConflictSide.init(rawValue:)) else {
                throw RepositoryError.corruptData(message: "a stored conflict was resolved without saying how")
            }
            throw RepositoryError.conflict(
                .alreadyResolved(id: try UUID(storageID: record.id, field: "conflict id"), side: earlier))
        }
        let now = clock.now()
        let label = try await conflict(record).label
        do {
            if side == .mine, record.field != SyncConflictRecord.rejectedField, let mine = record.mineJSON {
                try await storage {
                    try await store.write(summary: "kept my \(record.field) of \(label)", at: now) { writer in
                        try writer.setField(
                            entity: record.entity, id: record.entityID, field: record.field, json: mine, at: now)
                        try writer.resolveSyncConflict(id: record.id, resolution: side.rawValue, at: now)
                    }
                }
            } else {
                try await storage {
                    try await store.resolveSyncConflict(id: record.id, resolution: side.rawValue, at: now)
                }
            }
        } catch {
            // Another command settled it between the look above and this write (which then changed nothing).
            if let settled = try? await storage({ try await store.syncConflicts(idPrefix: record.id) }).first,
                settled.resolvedAt != nil, let earlier = settled.resolution.flatMap(ConflictSide.init(rawValue:))
            {
                throw RepositoryError.conflict(
                    .alreadyResolved(id: try UUID(storageID: record.id, field: "conflict id"), side: earlier))
            }
            throw error
        }
        var resolved = record
        resolved.resolvedAt = now
        resolved.resolution = side.rawValue
        return try await conflict(resolved)
    }

    private func conflict(_ record: SyncConflictRecord) async throws(RepositoryError) -> SyncConflict {
        guard let entity = SyncCoding.entity(storage: record.entity) else {
            throw .corruptData(message: "a stored conflict is of unknown kind \(record.entity)")
        }
        let recordID = try UUID(storageID: record.entityID, field: "conflict record id")
        return SyncConflict(
            id: try UUID(storageID: record.id, field: "conflict id"), entity: entity, recordID: recordID,
            label: try await label(entity, recordID), field: record.field,
            mine: record.mineJSON.flatMap(SyncValue.parse) ?? .null,
            theirs: record.theirsJSON.flatMap(SyncValue.parse) ?? .null, reason: record.reason,
            createdAt: record.createdAt, resolvedAt: record.resolvedAt,
            resolution: record.resolution.flatMap(ConflictSide.init(rawValue:)))
    }

    /// `#12 "Title"` for a task, a project's or list's name; a short id when the record is gone.
    private func label(_ entity: SyncEntity, _ id: UUID) async throws(RepositoryError) -> String {
        let short = Reference.short(id)
        switch entity {
        case .task:
            guard let task = try await storage({ try await store.task(id: id.storageID) }) else {
                return "task \(short)"
            }
            return "#\(task.number) \"\(task.title)\""
        case .project:
            return try await storage { try await store.project(id: id.storageID) }.map { "project \"\($0.name)\"" }
                ?? "project \(short)"
        case .taskList:
            return try await storage { try await store.taskList(id: id.storageID) }.map { "list \"\($0.name)\"" }
                ?? "list \(short)"
        case .timer: return "timer \(short)"
        case .timeEntry: return "entry \(short)"
        }
    }

    // MARK: Team

    func teamMembers(refresh: Bool) async throws -> [TeamMember] {
        guard let session = try await loggedIn() else { throw RepositoryError.notLoggedIn }
        let service = makeService(session.account.server, session.token)
        return try await team.members(refresh: refresh) {
            try await remote { () throws(RemoteFailure) in try await service.team() }
        }
    }

    func cachedTeamMembers() async throws -> [TeamMember] {
        try await team.cached()
    }
}

/// Runs a service call and wraps its failure as ``RepositoryError/remote(_:)``.
func remote<T>(_ body: () async throws(RemoteFailure) -> T) async throws(RepositoryError) -> T {
    do { return try await body() } catch { throw .remote(error) }
}
