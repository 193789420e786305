import Foundation

/// The record access a push needs inside a store's write transaction.
///
/// The batch logic (checks, replay, gap, per-mutation engine calls, the one-running-timer rule)
/// is the same for every database; a store supplies only these reads and writes, all made inside
/// the one transaction that also records the device's last mutation and answer.
protocol PushTransaction {
    /// The device's owner, last applied mutation number and stored last answer; nil when unknown.
    func device(_ id: UUID) throws(ServerError) -> (userID: UUID, lastMutation: Int64, lastResponse: PushOutput?)?
    func epoch() throws(ServerError) -> String
    func record(_ entity: EntityKind, _ id: UUID) throws(ServerError) -> StoredRecord?
    /// The user's timers that are not deleted (the few a person has open or paused).
    func liveTimers(of user: UUID) throws(ServerError) -> [StoredRecord]
    /// Writes `record` with the next value of the sequence counter; returns it with that sequence.
    func write(_ record: StoredRecord) throws(ServerError) -> StoredRecord
    func finish(device: UUID, lastMutation: Int64, response: PushOutput) throws(ServerError)
}

enum PushBatch {
    /// Checks the batch and applies it through `transaction`; the caller commits when this returns.
    static func run(
        _ input: PushInput, by user: ServerUser, at now: Date, in transaction: some PushTransaction
    ) throws(ServerError) -> PushOutput {
        try checkShape(input)
        guard let device = try transaction.device(input.deviceID) else {
            throw .unknownDevice(input.deviceID)
        }
        guard device.userID == user.id else {
            throw .forbidden("device \(input.deviceID.uuidString.lowercased()) belongs to another user")
        }
        let epoch = try transaction.epoch()
        guard input.epoch == epoch else { throw .epochMismatch(server: epoch) }
        if input.last <= device.lastMutation {
            // Only the last answer is kept: a device retries its last batch, never an older one.
            if var stored = device.lastResponse, stored.lastMutation == input.last {
                stored.replayed = true
                return stored
            }
            return PushOutput(lastMutation: device.lastMutation, replayed: true, results: [])
        }
        guard input.first == device.lastMutation + 1 else {
            throw .gap(expected: device.lastMutation + 1, got: input.first)
        }

        var results: [MutationOutput] = []
        results.reserveCapacity(input.mutations.count)
        for mutation in input.mutations {
            let current = try transaction.record(mutation.entity, mutation.id)
            var decision = PushEngine.apply(mutation, to: current, by: user.id, at: now)
            var paused: [StoredRecord] = []
            if decision.leavesTimerRunning {
                let others = try transaction.liveTimers(of: user.id)
                (decision, paused) = PushEngine.oneRunningTimer(after: decision, others: others, at: now)
            }
            if decision.writes, let record = decision.record {
                decision.record = try transaction.write(record)
            }
            for record in paused {
                _ = try transaction.write(record)
            }
            results.append(
                MutationOutput(
                    number: mutation.number, outcome: decision.outcome, reason: decision.reason,
                    conflicts: decision.conflicts, record: decision.record))
        }
        let output = PushOutput(lastMutation: input.last, replayed: false, results: results)
        try transaction.finish(device: input.deviceID, lastMutation: input.last, response: output)
        return output
    }

    private static func checkShape(_ input: PushInput) throws(ServerError) {
        guard input.first >= 1, input.first <= input.last else {
            throw .invalidRequest("first (\(input.first)) must be at least 1 and not after last (\(input.last))")
        }
        // Two mutations of one record in a batch are applied in order (each reads what the one before
        // wrote), so a client that compacts less than it should is still served correctly.
        for mutation in input.mutations {
            guard (input.first...input.last).contains(mutation.number) else {
                throw .invalidRequest(
                    "mutation number \(mutation.number) is outside the batch \(input.first)...\(input.last)")
            }
        }
    }
}
