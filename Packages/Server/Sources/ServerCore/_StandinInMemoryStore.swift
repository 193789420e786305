// STAND-IN: a trivial store for StintServer's tests until the real ServerCore lands. No merge,
// no validation: every mutation overwrites the changed fields. Drop when merging.
import Foundation

/// A store kept in memory (optionally saved to a JSON file, for the stand-in SQLiteServerStore).
public final class InMemoryServerStore: ServerStore {
    private let state: StandinState

    public init(file: URL? = nil) {
        state = StandinState(file: file)
    }

    public func epoch() async throws(ServerError) -> String { await state.snapshot.epoch }

    public func addUser(name: String) async throws(ServerError) -> IssuedToken {
        try await state.addUser(name: name)
    }

    public func users() async throws(ServerError) -> [ServerUser] { await state.snapshot.users }

    public func createToken(forUser nameOrID: String) async throws(ServerError) -> IssuedToken {
        try await state.createToken(forUser: nameOrID)
    }

    public func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo {
        try await state.revokeToken(idOrPrefix)
    }

    public func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo] {
        try await state.tokens(ofUser: nameOrID)
    }

    public func authenticate(secret: String) async throws(ServerError) -> ServerUser? {
        await state.authenticate(secret: secret)
    }

    public func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    {
        try await state.registerDevice(id: id, name: name, user: user, startAfter: startAfter)
    }

    public func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput {
        try await state.push(input, by: user)
    }

    public func changes(after sequence: Int64, limit: Int, for user: ServerUser) async throws(ServerError)
        -> ChangesOutput
    {
        await state.changes(after: sequence, limit: limit, for: user)
    }
}

/// STAND-IN for the embedded store: the in-memory store saved as JSON in `directory`.
public struct SQLiteServerStore: ServerStore {
    private let store: InMemoryServerStore

    public init(directory: URL) throws(ServerError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .storage("cannot create \(directory.path): \(error)")
        }
        store = InMemoryServerStore(file: directory.appendingPathComponent("stint-server-standin.json"))
    }

    public func epoch() async throws(ServerError) -> String { try await store.epoch() }
    public func addUser(name: String) async throws(ServerError) -> IssuedToken { try await store.addUser(name: name) }
    public func users() async throws(ServerError) -> [ServerUser] { try await store.users() }
    public func createToken(forUser nameOrID: String) async throws(ServerError) -> IssuedToken {
        try await store.createToken(forUser: nameOrID)
    }
    public func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo {
        try await store.revokeToken(idOrPrefix)
    }
    public func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo] {
        try await store.tokens(ofUser: nameOrID)
    }
    public func authenticate(secret: String) async throws(ServerError) -> ServerUser? {
        try await store.authenticate(secret: secret)
    }
    public func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    {
        try await store.registerDevice(id: id, name: name, user: user, startAfter: startAfter)
    }
    public func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput {
        try await store.push(input, by: user, at: now)
    }
    public func changes(after sequence: Int64, limit: Int, for user: ServerUser) async throws(ServerError)
        -> ChangesOutput
    {
        try await store.changes(after: sequence, limit: limit, for: user)
    }
}

struct StandinSnapshot: Codable {
    struct Token: Codable {
        var info: TokenInfo
        var secret: String
    }
    var epoch = UUID().uuidString.lowercased()
    var users: [ServerUser] = []
    var tokens: [Token] = []
    var devices: [UUID: DeviceInfo] = [:]
    var responses: [UUID: PushOutput] = [:]
    var records: [String: StoredRecord] = [:]
    var sequence: Int64 = 0
}

actor StandinState {
    let file: URL?
    var snapshot: StandinSnapshot

    init(file: URL?) {
        self.file = file
        if let file, let data = try? Data(contentsOf: file),
            let saved = try? JSONDecoder().decode(StandinSnapshot.self, from: data)
        {
            snapshot = saved
        } else {
            snapshot = StandinSnapshot()
        }
    }

    private func save() {
        guard let file, let data = try? JSONEncoder().encode(snapshot) else { return }
        try? data.write(to: file)
    }

    private func user(_ nameOrID: String) throws(ServerError) -> ServerUser {
        guard
            let user = snapshot.users.first(where: {
                $0.name == nameOrID || $0.id.uuidString.lowercased() == nameOrID.lowercased()
            })
        else { throw .unknownUser(nameOrID) }
        return user
    }

    private func issue(for user: ServerUser) -> IssuedToken {
        let secret = "stint_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let info = TokenInfo(id: UUID(), userID: user.id, createdAt: Date(), revokedAt: nil, lastUsedAt: nil)
        snapshot.tokens.append(.init(info: info, secret: secret))
        save()
        return IssuedToken(id: info.id, user: user, secret: secret)
    }

    func addUser(name: String) throws(ServerError) -> IssuedToken {
        guard !name.isEmpty, name.count <= 120, !name.contains(where: { $0.isNewline }) else {
            throw .invalidName(name)
        }
        guard !snapshot.users.contains(where: { $0.name == name }) else { throw .duplicateUser(name) }
        let user = ServerUser(id: UUID(), name: name, createdAt: Date())
        snapshot.users.append(user)
        return issue(for: user)
    }

    func createToken(forUser nameOrID: String) throws(ServerError) -> IssuedToken {
        issue(for: try user(nameOrID))
    }

    func revokeToken(_ idOrPrefix: String) throws(ServerError) -> TokenInfo {
        let prefix = idOrPrefix.lowercased()
        guard !prefix.isEmpty,
            let index = snapshot.tokens.firstIndex(where: { $0.info.id.uuidString.lowercased().hasPrefix(prefix) })
        else { throw .unknownToken(idOrPrefix) }
        let old = snapshot.tokens[index].info
        let revoked = TokenInfo(
            id: old.id, userID: old.userID, createdAt: old.createdAt, revokedAt: Date(), lastUsedAt: old.lastUsedAt)
        snapshot.tokens[index].info = revoked
        save()
        return revoked
    }

    func tokens(ofUser nameOrID: String) throws(ServerError) -> [TokenInfo] {
        let user = try user(nameOrID)
        return snapshot.tokens.map(\.info).filter { $0.userID == user.id }
    }

    func authenticate(secret: String) -> ServerUser? {
        guard let token = snapshot.tokens.first(where: { $0.secret == secret && $0.info.revokedAt == nil }) else {
            return nil
        }
        return snapshot.users.first { $0.id == token.info.userID }
    }

    func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) throws(ServerError) -> DeviceInfo {
        if let device = snapshot.devices[id] {
            guard device.userID == user.id else { throw .forbidden("the device belongs to another user") }
            return device
        }
        let device = DeviceInfo(id: id, name: name, userID: user.id, lastMutation: startAfter)
        snapshot.devices[id] = device
        save()
        return device
    }

    func push(_ input: PushInput, by user: ServerUser) throws(ServerError) -> PushOutput {
        guard let device = snapshot.devices[input.deviceID] else { throw .unknownDevice(input.deviceID) }
        guard device.userID == user.id else { throw .forbidden("the device belongs to another user") }
        guard input.epoch == snapshot.epoch else { throw .epochMismatch(server: snapshot.epoch) }
        if input.last <= device.lastMutation, var stored = snapshot.responses[input.deviceID] {
            stored.replayed = true
            return stored
        }
        guard input.first == device.lastMutation + 1 else {
            throw .gap(expected: device.lastMutation + 1, got: input.first)
        }
        var results: [MutationOutput] = []
        for mutation in input.mutations {
            let key = "\(mutation.entity.rawValue):\(mutation.id)"
            var record =
                snapshot.records[key]
                ?? StoredRecord(
                    entity: mutation.entity, id: mutation.id, version: 0, sequence: 0, deleted: false,
                    ownerID: nil, fields: [:])
            if record.ownerID == nil, mutation.entity == .timer || mutation.entity == .timeEntry {
                record.ownerID = user.id
            }
            record.fields.merge(mutation.changes) { _, new in new }
            snapshot.sequence += 1
            record.version += 1
            record.sequence = snapshot.sequence
            record.deleted = record.fields["deleted_at"].map { $0 != .null } ?? false
            snapshot.records[key] = record
            results.append(MutationOutput(number: mutation.number, outcome: .applied, record: record))
        }
        snapshot.devices[input.deviceID] = DeviceInfo(
            id: device.id, name: device.name, userID: device.userID, lastMutation: input.last)
        let output = PushOutput(lastMutation: input.last, replayed: false, results: results)
        snapshot.responses[input.deviceID] = output
        save()
        return output
    }

    func changes(after sequence: Int64, limit: Int, for user: ServerUser) -> ChangesOutput {
        let visible = snapshot.records.values
            .filter { $0.sequence > sequence && ($0.entity != .timer || $0.ownerID == user.id) }
            .sorted { $0.sequence < $1.sequence }
        let page = Array(visible.prefix(limit))
        return ChangesOutput(
            records: page, lastSequence: page.last?.sequence ?? sequence, hasMore: visible.count > limit)
    }
}
