import Foundation
import Testing

@testable import ServerCore

/// What every `ServerStore` must do, as a table of named checks run against a fresh store each.
///
/// SQLiteServerStoreTests and PostgresServerStoreTests run the same table, each with its own
/// factory, so both stores answer pushes and pulls alike.
struct StoreContract: Sendable {
    /// A fresh, empty store, and the raw bytes it keeps at rest (nil when it cannot tell), used to
    /// show that no token secret is stored in clear.
    struct Subject: Sendable {
        let store: any ServerStore
        let storedBytes: @Sendable () async throws -> Data?
        /// Moves the store's clock forward by this many seconds (it starts at ``StoreContract/now``).
        let advance: @Sendable (TimeInterval) -> Void
    }

    /// One named check.
    struct Check: Sendable, CustomTestStringConvertible {
        let name: String
        let run: @Sendable (Subject) async throws -> Void
        var testDescription: String { name }
    }

    static let now = Fixture.now

    /// A device of one user, numbering its mutations like a client.
    struct Device {
        let store: any ServerStore
        let user: ServerUser
        let id: UUID
        var next: Int64 = 1

        init(_ store: any ServerStore, _ user: ServerUser, id: UUID = UUID(), startAfter: Int64 = 0) async throws {
            self.store = store
            self.user = user
            self.id = id
            next =
                try await store.registerDevice(id: id, name: "laptop", user: user, startAfter: startAfter)
                .lastMutation + 1
        }

        /// Pushes one batch; each element is one mutation numbered in order.
        mutating func push(_ mutations: [(EntityKind, UUID, Fields?, Fields)], at now: Date = StoreContract.now)
            async throws -> PushOutput
        {
            let first = next
            let inputs = mutations.enumerated().map { index, mutation in
                MutationInput(
                    number: first + Int64(index), entity: mutation.0, id: mutation.1, base: mutation.2,
                    changes: mutation.3)
            }
            next += Int64(mutations.count)
            let input = PushInput(
                deviceID: id, epoch: try await store.epoch(), first: first, last: next - 1, mutations: inputs)
            return try await store.push(input, by: user, at: now)
        }

        mutating func push(_ entity: EntityKind, _ id: UUID, base: Fields? = nil, _ changes: Fields) async throws
            -> MutationOutput
        {
            let output = try await push([(entity, id, base, changes)])
            return try #require(output.results.first)
        }
    }

    static func user(_ store: any ServerStore, _ name: String) async throws -> ServerUser {
        try await store.addUser(name: name).user
    }

    /// The task the fixtures' timers and entries are on (`Fixture.timer`, `Fixture.entry`): a push of time on a
    /// task the server does not hold is rejected. Pushed by another user's device; returns its sequence, for
    /// pulls that start after it.
    static func sharedTask(_ store: any ServerStore) async throws -> Int64 {
        var setup = try await Device(store, try await user(store, "Setup"))
        let pushed = try await setup.push(.task, Fixture.id(200), Fixture.task(title: "Shared"))
        return try #require(pushed.record?.sequence)
    }

    /// Every record `user` can pull, following pages of `limit`.
    static func pullAll(
        _ store: any ServerStore, _ user: ServerUser, limit: Int = 1000, leavingOut device: UUID? = nil,
        after start: Int64 = 0
    ) async throws -> [StoredRecord] {
        var records: [StoredRecord] = []
        var after = start
        while true {
            let page = try await store.changes(after: after, limit: limit, for: user, leavingOut: device)
            // The text form is the same page: every pull of the contract holds it to the parsed one.
            let text = try await store.changesAsText(after: after, limit: limit, for: user, leavingOut: device)
            #expect(text.lastSequence == page.lastSequence && text.hasMore == page.hasMore)
            #expect(text.records.count == page.records.count)
            for (asText, parsed) in zip(text.records, page.records) {
                var restored = asText
                let stored = try #require(asText.fieldsText)
                restored.fields = try #require(JSONValue(jsonText: stored)?.objectValue)
                #expect(restored == parsed)
            }
            records += page.records
            after = page.lastSequence
            if !page.hasMore { return records }
        }
    }

    static func expectError(_ expected: ServerError, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(expected)")
        } catch let error as ServerError {
            #expect(error == expected)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    static let checks: [Check] = usersAndTokens + pushProtocol + pulls + visibility + timersAndMerges

    // MARK: Users and tokens

    static let usersAndTokens: [Check] = [
        Check(name: "a user gets a token that authenticates") { subject in
            let store = subject.store
            let issued = try await store.addUser(name: "Alice")
            #expect(issued.user.name == "Alice")
            #expect(try await store.authenticate(secret: issued.secret) == issued.user)
            #expect(try await store.users() == [issued.user])
            #expect(try await store.authenticate(secret: TokenSecret.generate()) == nil)
            #expect(try await store.authenticate(secret: "not a token") == nil)
        },
        Check(name: "user names: trimmed, 1...120 characters, no control characters, unique in any case") { subject in
            let store = subject.store
            _ = try await store.addUser(name: " Émile ")
            #expect(try await store.users().map(\.name) == ["Émile"])
            await expectError(.duplicateUser("émile")) { _ = try await store.addUser(name: "émile") }
            for bad in ["", "   ", String(repeating: "a", count: 121), "a\u{7}b", "a\nb"] {
                do {
                    _ = try await store.addUser(name: bad)
                    Issue.record("accepted \(bad.debugDescription)")
                } catch let error as ServerError {
                    guard case .invalidName = error else {
                        Issue.record("\(error)")
                        continue
                    }
                }
            }
            _ = try await store.addUser(name: String(repeating: "a", count: 120))
        },
        Check(name: "no token secret is stored in clear") { subject in
            let store = subject.store
            let first = try await store.addUser(name: "Alice")
            let second = try await store.createToken(forUser: "alice")
            guard let bytes = try await subject.storedBytes() else { return }
            for secret in [first.secret, second.secret] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil)
                #expect(bytes.range(of: Data(secret.dropFirst(6).utf8)) == nil)
            }
            #expect(bytes.range(of: Data(TokenSecret.hash(first.secret).utf8)) != nil)
        },
        Check(name: "a token with an expiry works until then and not from then on; the list says when") { subject in
            let store = subject.store
            let alice = try await store.addUser(name: "Alice")
            let soon = try await store.createToken(forUser: "alice", expiresAt: now.addingTimeInterval(60))
            let past = now.addingTimeInterval(-1)
            await expectError(.invalidRequest("a token must expire in the future")) {
                _ = try await store.createToken(forUser: "alice", expiresAt: past)
            }
            #expect(try await store.authenticate(secret: soon.secret) == alice.user)
            let tokens = try await store.tokens(ofUser: "alice")
            #expect(tokens.first { $0.id == soon.id }?.expiresAt == now.addingTimeInterval(60))
            #expect(tokens.first { $0.id == alice.id }?.expiresAt == nil)
            subject.advance(59)
            #expect(try await store.authenticate(secret: soon.secret) == alice.user)
            subject.advance(1)
            #expect(try await store.authenticate(secret: soon.secret) == nil)
            #expect(try await store.authenticate(secret: alice.secret) == alice.user)
        },
        Check(name: "a renewed epoch is the store's from then on; a push of the old epoch is refused") { subject in
            let store = subject.store
            var laptop = try await Device(store, try await user(store, "Alice"))
            let old = try await store.epoch()
            _ = try await laptop.push(.task, Fixture.id(1), Fixture.task())
            let renewed = try await store.renewEpoch()
            #expect(renewed != old)
            #expect(try await store.epoch() == renewed)
            let input = PushInput(
                deviceID: laptop.id, epoch: old, first: 2, last: 2,
                mutations: [MutationInput(number: 2, entity: .task, id: Fixture.id(2), changes: Fixture.task())])
            await expectError(.epochMismatch(server: renewed)) {
                _ = try await store.push(input, by: laptop.user, at: now)
            }
        },
        Check(name: "a revoked token no longer authenticates; others of the user still do") { subject in
            let store = subject.store
            let first = try await store.addUser(name: "Alice")
            let second = try await store.createToken(forUser: first.user.id.uuidString)
            let info = try await store.revokeToken(String(first.id.uuidString.lowercased().prefix(8)))
            #expect(info.id == first.id)
            #expect(info.revokedAt != nil)
            #expect(try await store.authenticate(secret: first.secret) == nil)
            #expect(try await store.authenticate(secret: second.secret) == first.user)
            let tokens = try await store.tokens(ofUser: "ALICE")
            #expect(Set(tokens.map(\.id)) == [first.id, second.id])
            #expect(tokens.first { $0.id == second.id }?.lastUsedAt != nil)
            await expectError(.unknownToken("ffff")) { _ = try await store.revokeToken("ffff") }
            await expectError(.unknownUser("nobody")) { _ = try await store.createToken(forUser: "nobody") }
        },
    ]

    // MARK: Push protocol

    static let pushProtocol: [Check] = [
        Check(name: "a push is applied, numbered, and the device's position moves") { subject in
            let store = subject.store
            var laptop = try await Device(store, try await user(store, "Alice"))
            let output = try await laptop.push([
                (.project, Fixture.id(1), nil, Fixture.project()), (.task, Fixture.id(2), nil, Fixture.task()),
            ])
            #expect(output.lastMutation == 2)
            #expect(!output.replayed)
            #expect(output.results.map(\.outcome) == [.applied, .applied])
            #expect(output.results.map(\.number) == [1, 2])
            #expect(output.results.compactMap(\.record?.version) == [1, 1])
            let sequences = output.results.compactMap(\.record?.sequence)
            #expect(sequences.count == 2 && sequences[0] < sequences[1])
            let again = try await store.registerDevice(
                id: laptop.id, name: "Laptop 2", user: laptop.user, startAfter: 0)
            #expect(again.lastMutation == 2)
            #expect(again.name == "Laptop 2")
        },
        Check(name: "the same batch twice is applied once and answered the same, replayed") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let laptop = try await Device(store, alice)
            let input = PushInput(
                deviceID: laptop.id, epoch: try await store.epoch(), first: 1, last: 1,
                mutations: [MutationInput(number: 1, entity: .task, id: Fixture.id(2), changes: Fixture.task())])
            let first = try await store.push(input, by: alice, at: now)
            let second = try await store.push(input, by: alice, at: now)
            #expect(second.replayed)
            #expect(second.results == first.results)
            #expect(try await pullAll(store, alice).count == 1)
        },
        Check(name: "a batch that skips numbers is refused with the expected number") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice, startAfter: 10)
            laptop.next = 13
            await expectError(.gap(expected: 11, got: 13)) {
                _ = try await laptop.push(.task, Fixture.id(2), Fixture.task())
            }
            #expect(try await pullAll(store, alice).isEmpty)
        },
        Check(name: "a push from another epoch is refused") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let laptop = try await Device(store, alice)
            let input = PushInput(
                deviceID: laptop.id, epoch: "another", first: 1, last: 1,
                mutations: [MutationInput(number: 1, entity: .task, id: Fixture.id(2), changes: Fixture.task())])
            await expectError(.epochMismatch(server: try await store.epoch())) {
                _ = try await store.push(input, by: alice, at: now)
            }
            // A device the server does not know (it was reset) hears about the epoch first.
            var unknown = input
            unknown.deviceID = UUID()
            await expectError(.epochMismatch(server: try await store.epoch())) {
                _ = try await store.push(unknown, by: alice, at: now)
            }
        },
        Check(name: "device names: up to 200 characters (the contract's limit), never empty") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let long = String(repeating: "h", count: 200)
            let device = try await store.registerDevice(id: UUID(), name: long, user: alice, startAfter: 0)
            #expect(device.name == long)
            await expectError(.invalidName("a name is at most 200 characters; this one has 201")) {
                _ = try await store.registerDevice(id: UUID(), name: long + "h", user: alice, startAfter: 0)
            }
            await expectError(.invalidName("a name needs at least one visible character")) {
                _ = try await store.registerDevice(id: UUID(), name: "  ", user: alice, startAfter: 0)
            }
        },
        Check(name: "another user's device is forbidden, an unknown one refused") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let bob = try await user(store, "Bob")
            let laptop = try await Device(store, alice)
            await expectError(.forbidden("device \(laptop.id.uuidString.lowercased()) belongs to another user")) {
                _ = try await store.registerDevice(id: laptop.id, name: "mine", user: bob, startAfter: 0)
            }
            let input = PushInput(
                deviceID: laptop.id, epoch: try await store.epoch(), first: 1, last: 1,
                mutations: [MutationInput(number: 1, entity: .task, id: Fixture.id(2), changes: Fixture.task())])
            await expectError(.forbidden("device \(laptop.id.uuidString.lowercased()) belongs to another user")) {
                _ = try await store.push(input, by: bob, at: now)
            }
            let unknown = UUID()
            await expectError(.unknownDevice(unknown)) {
                _ = try await store.push(
                    PushInput(deviceID: unknown, epoch: try await store.epoch(), first: 1, last: 1, mutations: []),
                    by: bob, at: now)
            }
        },
        Check(name: "a rejected mutation does not block the later ones in its batch") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            var oversize = Fixture.task()
            oversize["title"] = .string(String(repeating: "x", count: 501))
            let output = try await laptop.push([
                (.task, Fixture.id(1), nil, oversize), (.task, Fixture.id(2), nil, Fixture.task()),
            ])
            #expect(output.results.map(\.outcome) == [.rejected, .applied])
            #expect(output.results[0].reason?.contains("title") == true)
            #expect(output.results[0].record == nil)
            #expect(output.lastMutation == 2)
            #expect(try await pullAll(store, alice).map(\.id) == [Fixture.id(2)])
            #expect(try await laptop.push(.task, Fixture.id(3), Fixture.task()).outcome == .applied)
        },
    ]

    // MARK: Pulls

    static let pulls: [Check] = [
        Check(name: "pages follow the sequence, say when there is more, and skip nothing") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            for batch in 0..<5 {
                _ = try await laptop.push(
                    (1...3).map {
                        (.task, Fixture.id(UInt8(batch * 3 + $0)), nil, Fixture.task(title: "T\(batch)-\($0)"))
                    })
            }
            // Changing an early record moves it to the end: a record appears once, in its current state.
            _ = try await laptop.push(.task, Fixture.id(1), base: ["title": "T0-1"], ["title": "renamed"])
            var seen: [StoredRecord] = []
            var after: Int64 = 0
            var pages = 0
            while true {
                let page = try await store.changes(after: after, limit: 4, for: alice, leavingOut: nil)
                #expect(page.records.count <= 4)
                seen += page.records
                after = page.lastSequence
                pages += 1
                if !page.hasMore { break }
            }
            #expect(pages == 4)
            #expect(seen.count == 15)
            #expect(Set(seen.map(\.id)).count == 15)
            #expect(seen.map(\.sequence) == seen.map(\.sequence).sorted())
            #expect(seen.last?.id == Fixture.id(1))
            #expect(seen.last?.fields["title"] == "renamed")
            #expect(seen.last?.version == 2)
            let empty = try await store.changes(after: after, limit: 4, for: alice, leavingOut: nil)
            #expect(empty.records.isEmpty && !empty.hasMore && empty.lastSequence == after)
        },
        Check(name: "a reader paging while devices push concurrently skips nothing") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var devices: [Device] = []
            for _ in 0..<4 { devices.append(try await Device(store, alice)) }
            let perDevice = 5
            let total = devices.count * perDevice
            // The reader pages while the writers commit, a bounded number of times, then drains what
            // is left: a row it skipped (a later sequence visible before an earlier one) would never
            // come back, so the count would fall short.
            let (during, cursor) = try await withThrowingTaskGroup(of: ([StoredRecord], Int64).self) { group in
                for (index, device) in devices.enumerated() {
                    group.addTask {
                        var device = device
                        for batch in 0..<perDevice {
                            let id = Fixture.id(UInt8(index * perDevice + batch + 1))
                            _ = try await device.push(.task, id, Fixture.task(title: "T\(index)-\(batch)"))
                        }
                        return ([], -1)
                    }
                }
                group.addTask {
                    var records: [StoredRecord] = []
                    var after: Int64 = 0
                    for _ in 0..<200 {
                        let page = try await store.changes(after: after, limit: 3, for: alice, leavingOut: nil)
                        records += page.records
                        after = page.lastSequence
                        await Task.yield()
                    }
                    return (records, after)
                }
                var all: ([StoredRecord], Int64) = ([], 0)
                for try await (records, after) in group where after >= 0 { all = (records, after) }
                return all
            }
            var seen = during
            var after = cursor
            while true {
                let page = try await store.changes(after: after, limit: 3, for: alice, leavingOut: nil)
                seen += page.records
                after = page.lastSequence
                if !page.hasMore { break }
            }
            #expect(Set(seen.map(\.id)).count == total)
            #expect(seen.count == total)
            #expect(seen.map(\.sequence) == seen.map(\.sequence).sorted())
        },
        Check(name: "a device's pull leaves out its own writes, not what others or the server changed") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let start = try await sharedTask(store)
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            _ = try await laptop.push(.task, Fixture.id(1), Fixture.task(title: "laptop's"))
            _ = try await laptop.push(.timer, Fixture.id(2), Fixture.timer(intervals: [(0, nil)]))
            _ = try await desktop.push(.task, Fixture.id(3), Fixture.task(title: "desktop's"))
            // The desktop starts a timer; the server pauses the laptop's on the laptop's behalf.
            _ = try await desktop.push(.timer, Fixture.id(4), Fixture.timer(intervals: [(30, nil)]))
            let forLaptop = try await pullAll(store, alice, limit: 2, leavingOut: laptop.id, after: start)
            #expect(forLaptop.map(\.id) == [Fixture.id(3), Fixture.id(4), Fixture.id(2)])
            #expect(forLaptop.last?.fields["state"] == "paused")
            // The desktop edits the laptop's task: now it is the desktop's write, and the laptop gets it.
            _ = try await desktop.push(
                .task, Fixture.id(1), base: ["title": "laptop's"], ["title": "edited on the desktop"])
            let forDesktop = try await pullAll(store, alice, leavingOut: desktop.id, after: start)
            #expect(forDesktop.map(\.id) == [Fixture.id(2)])
            let everything = try await pullAll(store, alice, after: start)
            #expect(Set(everything.map(\.id)) == Set((1...4).map { Fixture.id(UInt8($0)) }))
        },
        Check(name: "the last page's cursor passes records left out at the end") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            _ = try await desktop.push(.task, Fixture.id(1), Fixture.task(title: "desktop's"))
            for index in 2...4 {
                _ = try await laptop.push(.task, Fixture.id(UInt8(index)), Fixture.task(title: "laptop's \(index)"))
            }
            let page = try await store.changes(after: 0, limit: 10, for: alice, leavingOut: laptop.id)
            #expect(page.records.map(\.id) == [Fixture.id(1)])
            #expect(!page.hasMore)
            let all = try await store.changes(after: 0, limit: 10, for: alice, leavingOut: nil)
            #expect(page.lastSequence == all.records.last?.sequence)
            let next = try await store.changes(after: page.lastSequence, limit: 10, for: alice, leavingOut: laptop.id)
            #expect(next.records.isEmpty && next.lastSequence == page.lastSequence)
        },
        Check(name: "a record filed under a project, list or task the server does not hold is rejected") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            var inMadeUpProject = Fixture.task(title: "nowhere")
            inMadeUpProject["project_id"] = .string(Fixture.id(90).text)
            var listElsewhere = Fixture.task(title: "list of another project")
            listElsewhere["project_id"] = .string(Fixture.id(1).text)
            listElsewhere["list_id"] = .string(Fixture.id(3).text)
            var inDeletedProject = Fixture.task(title: "filed offline")
            inDeletedProject["project_id"] = .string(Fixture.id(2).text)
            var deleted = Fixture.project(name: "Gone")
            deleted["deleted_at"] = Fixture.minutes(1)
            let list: Fields = [
                "project_id": .string(Fixture.id(2).text), "name": "L", "created_at": .integer(Fixture.t0),
                "updated_at": .integer(Fixture.t0), "deleted_at": .null,
            ]
            let output = try await laptop.push([
                (.task, Fixture.id(10), nil, inMadeUpProject),
                (.timeEntry, Fixture.id(11), nil, Fixture.entry(task: Fixture.id(91))),
                (.project, Fixture.id(1), nil, Fixture.project()),
                (.project, Fixture.id(2), nil, deleted),
                (.taskList, Fixture.id(3), nil, list),
                (.task, Fixture.id(12), nil, listElsewhere),
                (.task, Fixture.id(13), nil, inDeletedProject),
            ])
            #expect(
                output.results.map(\.outcome) == [
                    .rejected, .rejected, .applied, .applied, .applied, .rejected, .applied,
                ])
            #expect(output.results[0].reason == "project_id: no such project")
            #expect(output.results[1].reason == "task_id: no such task")
            #expect(output.results[5].reason == "list_id: the list belongs to another project")
            let ids = Set(try await pullAll(store, alice).map(\.id))
            #expect(ids == [Fixture.id(1), Fixture.id(2), Fixture.id(3), Fixture.id(13)], "nothing rejected is stored")
            // A device sends records in the order it first changed them: a task before the project it was moved into
            // later. What the same batch brings counts as held, whatever its place in the batch.
            var movedLater = Fixture.task(title: "moved into a new project")
            movedLater["project_id"] = .string(Fixture.id(20).text)
            let inOrder = try await laptop.push([
                (.task, Fixture.id(21), nil, movedLater), (.project, Fixture.id(20), nil, Fixture.project(name: "New")),
            ])
            #expect(inOrder.results.map(\.outcome) == [.applied, .applied], "\(inOrder.results.map(\.reason))")
            // Moving a task to another project while it keeps a list of the old one is refused.
            var inList = Fixture.task(title: "in a list")
            inList["project_id"] = .string(Fixture.id(2).text)
            inList["list_id"] = .string(Fixture.id(3).text)
            _ = try await laptop.push(.task, Fixture.id(22), inList)
            let moved = try await laptop.push(
                .task, Fixture.id(22), base: ["project_id": .string(Fixture.id(2).text)],
                ["project_id": .string(Fixture.id(1).text)])
            #expect(moved.outcome == .rejected)
            #expect(moved.reason == "list_id: the list belongs to another project")
        },
        Check(name: "tombstones are pulled") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            _ = try await laptop.push(.task, Fixture.id(1), Fixture.task())
            let deleted = try await laptop.push(
                .task, Fixture.id(1), base: ["deleted_at": .null], ["deleted_at": Fixture.minutes(5)])
            #expect(deleted.record?.deleted == true)
            let records = try await pullAll(store, alice)
            #expect(records.count == 1 && records[0].deleted)
        },
    ]

    // MARK: Visibility

    static let visibility: [Check] = [
        Check(name: "a user never sees another's timers, sees their entries, and cannot change either") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let bob = try await user(store, "Bob")
            let start = try await sharedTask(store)
            var aliceLaptop = try await Device(store, alice)
            var bobLaptop = try await Device(store, bob)
            _ = try await aliceLaptop.push([
                (.timer, Fixture.id(10), nil, Fixture.timer(intervals: [(0, nil)])),
                (.timeEntry, Fixture.id(11), nil, Fixture.entry()),
                (.task, Fixture.id(12), nil, Fixture.task()),
            ])
            let bobSees = try await pullAll(store, bob, after: start)
            #expect(Set(bobSees.map(\.id)) == [Fixture.id(11), Fixture.id(12)])
            #expect(try await pullAll(store, alice, after: start).count == 3)

            let timerEdit = try await bobLaptop.push(.timer, Fixture.id(10), base: ["note": ""], ["note": "bob's"])
            #expect(timerEdit.outcome == .rejected)
            #expect(timerEdit.reason?.contains("belongs to another user") == true)
            #expect(timerEdit.record == nil)
            let entryEdit = try await bobLaptop.push(.timeEntry, Fixture.id(11), base: ["note": ""], ["note": "bob's"])
            #expect(entryEdit.outcome == .rejected)
            #expect(entryEdit.record?.fields["note"] == "")
            let taskEdit = try await bobLaptop.push(
                .task, Fixture.id(12), base: ["title": "Write the brief"], ["title": "Bob's"])
            #expect(taskEdit.outcome == .applied)
            let timer = try #require(try await pullAll(store, alice).first { $0.id == Fixture.id(10) })
            #expect(timer.fields["note"] == "")
            #expect(timer.ownerID == alice.id)
        }
    ]

    // MARK: Timers and merges

    static let timersAndMerges: [Check] = [
        Check(name: "two running timers: the earlier is paused at the later one's start") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            _ = try await sharedTask(store)
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            _ = try await laptop.push(.timer, Fixture.id(1), Fixture.timer(intervals: [(0, nil)]))
            let later = try await desktop.push(.timer, Fixture.id(2), Fixture.timer(intervals: [(45, nil)]))
            #expect(later.record?.fields["state"] == "running")
            let timers = try await pullAll(store, alice)
            let first = try #require(timers.first { $0.id == Fixture.id(1) })
            #expect(first.fields["state"] == "paused")
            #expect(first.fields["intervals"] == .array([.array([Fixture.minutes(0), Fixture.minutes(45)])]))
            #expect(first.version == 2)
            #expect(first.sequence > (later.record?.sequence ?? .max))
            // Pushed the other way round: the pushed one is the earlier, so it is paused itself.
            let earlier = try await desktop.push(.timer, Fixture.id(3), Fixture.timer(intervals: [(30, nil)]))
            #expect(earlier.outcome == .merged)
            #expect(
                earlier.record?.fields["intervals"] == .array([.array([Fixture.minutes(30), Fixture.minutes(45)])]))
            let running = try await pullAll(store, alice).filter { $0.fields["state"] == "running" }
            #expect(running.map(\.id) == [Fixture.id(2)])
        },
        Check(name: "a double stop: equal entry applied once, a different one conflicts and the first stands") {
            subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            let start = try await sharedTask(store)
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            let stopID = Fixture.id(7)
            let first = try await laptop.push(.timeEntry, stopID, Fixture.entry(seconds: 1800))
            #expect(first.outcome == .applied, "\(first.reason ?? "")")
            let same = try await desktop.push(.timeEntry, stopID, Fixture.entry(seconds: 1800))
            #expect(same.outcome == .applied)
            #expect(same.record?.version == 1)
            #expect(same.record?.sequence == first.record?.sequence)
            var stale = Fixture.entry(seconds: 2400)
            stale["updated_at"] = Fixture.minutes(40)
            let different = try await desktop.push(.timeEntry, stopID, stale)
            #expect(different.outcome == .conflict)
            #expect(Set(different.conflicts.map(\.field)) == ["duration_seconds", "end_at"])
            #expect(different.record?.fields["duration_seconds"] == 1800)
            #expect(different.record?.version == 1)
            let entries = try await pullAll(store, alice, after: start)
            #expect(entries.count == 1)
            #expect(entries.first?.fields["duration_seconds"] == 1800)
        },
        Check(name: "delete against edit, both ways") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            _ = try await laptop.push([
                (.task, Fixture.id(1), nil, Fixture.task(title: "one")),
                (.task, Fixture.id(2), nil, Fixture.task(title: "two")),
            ])
            // Task 1: edited on the laptop, then deleted on the desktop from the old base.
            _ = try await laptop.push(.task, Fixture.id(1), base: ["title": "one"], ["title": "one edited"])
            let delete = try await desktop.push(
                .task, Fixture.id(1), base: ["deleted_at": .null], ["deleted_at": Fixture.minutes(5)])
            #expect(delete.outcome == .applied)
            #expect(delete.record?.deleted == true)
            #expect(delete.record?.fields["title"] == "one edited")
            // Task 2: deleted on the laptop, then edited on the desktop from the old base.
            _ = try await laptop.push(
                .task, Fixture.id(2), base: ["deleted_at": .null], ["deleted_at": Fixture.minutes(5)])
            let edit = try await desktop.push(
                .task, Fixture.id(2), base: ["title": "two", "deleted_at": .null], ["title": "two edited"])
            #expect(edit.outcome == .conflict)
            #expect(edit.conflicts == [FieldConflict(field: "deleted_at", mine: .null, theirs: Fixture.minutes(5))])
            #expect(edit.record?.deleted == true)
            #expect(edit.record?.fields["title"] == "two edited")
            // Taking mine restores it.
            let restore = try await desktop.push(
                .task, Fixture.id(2), base: ["deleted_at": Fixture.minutes(5)], ["deleted_at": .null])
            #expect(restore.outcome == .applied)
            #expect(restore.record?.deleted == false)
        },
        Check(name: "an update of a record the server lacks is applied as base plus changes") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            let output = try await laptop.push(.task, Fixture.id(1), base: Fixture.task(), ["title": "renamed"])
            #expect(output.outcome == .applied)
            #expect(output.record?.fields["title"] == "renamed")
            #expect(output.record?.version == 1)
            let partial = try await laptop.push(.task, Fixture.id(2), base: ["title": "a"], ["title": "b"])
            #expect(partial.outcome == .rejected)
            #expect(partial.reason?.contains("required") == true)
        },
        Check(name: "concurrent edits: different fields merged, the same field conflicts") { subject in
            let store = subject.store
            let alice = try await user(store, "Alice")
            var laptop = try await Device(store, alice)
            var desktop = try await Device(store, alice)
            _ = try await laptop.push(.task, Fixture.id(1), Fixture.task(title: "a", tags: ["x"]))
            _ = try await laptop.push(
                .task, Fixture.id(1), base: ["title": "a", "tags": .array(["x"])],
                ["title": "laptop", "tags": .array(["x", "l"])])
            let output = try await desktop.push(
                .task, Fixture.id(1), base: ["title": "a", "tags": .array(["x"]), "priority": 0],
                ["title": "desktop", "tags": .array(["x", "d"]), "priority": 2])
            #expect(output.outcome == .conflict)
            #expect(output.conflicts == [FieldConflict(field: "title", mine: "desktop", theirs: "laptop")])
            #expect(output.record?.fields["tags"] == .array(["x", "l", "d"]))
            #expect(output.record?.fields["priority"] == 2)
            #expect(output.record?.version == 3)
        },
    ]
}
