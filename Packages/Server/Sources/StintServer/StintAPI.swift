import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerCore

/// The contract's operations over a store. The middlewares have already checked the protocol
/// header and the bearer token (the user is in `RequestScope.user`) and capped the body size;
/// these handlers map the wire types to ServerCore's and the store's errors to Problem answers.
struct StintAPI: APIProtocol {
    let store: any ServerStore

    private var logger: Logger { RequestScope.logger ?? Logger(label: "stint-server") }

    /// The authenticated user; the auth middleware guarantees one on every /v1 route.
    private func user() throws(ServerCore.ServerError) -> ServerUser {
        guard let user = RequestScope.user else { throw .unauthorized }
        return user
    }

    /// Logs what the answer hides (a storage failure's detail) and makes the answer.
    private func problem(
        _ error: ServerCore.ServerError, epochStatus: HTTPResponse.Status = .conflict
    ) -> ProblemError {
        switch error {
        case .storage(let detail):
            logger.error("store failed", metadata: ["error": .string(detail)])
            return .internalError(requestID: logger[metadataKey: "hb.request.id"]?.description)
        case .unavailable(let detail):
            logger.warning("store unavailable", metadata: ["error": .string(detail)])
        default: break
        }
        return ProblemError(error, epochStatus: epochStatus)
    }

    func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        let epoch: String
        do { epoch = try await store.epoch() } catch { throw problem(error) }
        return .ok(.init(body: .json(.init(status: "ok", _protocol: stintSyncProtocolVersion, epoch: epoch))))
    }

    func getSession(_ input: Operations.GetSession.Input) async throws -> Operations.GetSession.Output {
        do throws(ServerCore.ServerError) {
            let user = try user()
            let epoch = try await store.epoch()
            return .ok(
                .init(body: .json(.init(user: .init(user), epoch: epoch, _protocol: stintSyncProtocolVersion))))
        } catch {
            let answer = problem(error)
            switch answer.status {
            case .badRequest: return .badRequest(.init(body: .json(answer.problem)))
            case .unauthorized: return .unauthorized(.init(body: .json(answer.problem)))
            default: throw answer
            }
        }
    }

    func listTeam(_ input: Operations.ListTeam.Input) async throws -> Operations.ListTeam.Output {
        do throws(ServerCore.ServerError) {
            _ = try user()
            let members = try await store.users()
                .sorted { ($0.name, $0.id.uuidString) < ($1.name, $1.id.uuidString) }
                .map(Components.Schemas.User.init)
            return .ok(.init(body: .json(.init(members: members))))
        } catch {
            let answer = problem(error)
            switch answer.status {
            case .badRequest: return .badRequest(.init(body: .json(answer.problem)))
            case .unauthorized: return .unauthorized(.init(body: .json(answer.problem)))
            default: throw answer
            }
        }
    }

    func registerDevice(_ input: Operations.RegisterDevice.Input) async throws -> Operations.RegisterDevice.Output {
        let registration: Components.Schemas.DeviceRegistration
        switch input.body {
        case .json(let body): registration = body
        }
        do throws(ServerCore.ServerError) {
            let user = try user()
            let id = try UUID.parse(registration.id, field: "id")
            guard registration.startAfter >= 0 else { throw ServerCore.ServerError.invalidRequest("startAfter < 0") }
            let name = registration.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= 200 else {
                throw ServerCore.ServerError.invalidRequest("a device name has 1 to 200 characters")
            }
            let device = try await store.registerDevice(
                id: id, name: name, user: user, startAfter: registration.startAfter)
            let epoch = try await store.epoch()
            return .ok(
                .init(
                    body: .json(
                        .init(
                            id: device.id.wire, name: device.name, userId: device.userID.wire,
                            lastMutation: device.lastMutation, epoch: epoch))))
        } catch {
            let answer = problem(error)
            switch answer.status {
            case .badRequest: return .badRequest(.init(body: .json(answer.problem)))
            case .unauthorized: return .unauthorized(.init(body: .json(answer.problem)))
            case .forbidden: return .forbidden(.init(body: .json(answer.problem)))
            default: throw answer
            }
        }
    }

    func push(_ input: Operations.Push.Input) async throws -> Operations.Push.Output {
        let output: PushOutput
        let push: PushInput
        do throws(ServerCore.ServerError) {
            let user = try user()
            switch input.body {
            case .json(let request):
                guard request.mutations.count <= 10_000 else {
                    throw ServerCore.ServerError.invalidRequest("a batch holds at most 10000 mutations")
                }
                push = try PushInput(request)
            case .applicationJsonl(let body):
                // The body-limit middleware has already read it whole, so this only hands the bytes over.
                let bytes: [UInt8]
                do { bytes = try await [UInt8](collecting: body, upTo: .max) } catch {
                    throw ServerCore.ServerError.invalidRequest("the body could not be read")
                }
                push = try JSONLines.pushInput(bytes)
            }
            guard push.first >= 1, push.last >= push.first - 1 else {
                throw ServerCore.ServerError.invalidRequest(
                    "first (\(push.first)) and last (\(push.last)) do not make a range of mutation numbers")
            }
            output = try await store.push(push, by: user, at: Date())
        } catch {
            let answer = problem(error)
            switch answer.status {
            case .badRequest: return .badRequest(.init(body: .json(answer.problem)))
            case .unauthorized: return .unauthorized(.init(body: .json(answer.problem)))
            case .forbidden: return .forbidden(.init(body: .json(answer.problem)))
            case .conflict: return .conflict(.init(body: .json(answer.problem)))
            default: throw answer
            }
        }
        logger.debug(
            "push applied",
            metadata: [
                "first": "\(push.first)", "last": "\(push.last)", "mutations": "\(push.mutations.count)",
                "replayed": "\(output.replayed)",
            ])
        if JSONLines.preferred(input.headers.accept, lines: .applicationJsonl, json: .json) {
            return .ok(.init(body: .applicationJsonl(HTTPBody(JSONLines.body(output)))))
        }
        return .ok(.init(body: .json(try Components.Schemas.PushResponse(output))))
    }

    func pullChanges(_ input: Operations.PullChanges.Input) async throws -> Operations.PullChanges.Output {
        let page: ChangesOutput
        let epoch: String
        do throws(ServerCore.ServerError) {
            let user = try user()
            let limit = input.query.limit ?? 1000
            guard (1...5000).contains(limit) else {
                throw ServerCore.ServerError.invalidRequest("limit must be between 1 and 5000")
            }
            epoch = try await store.epoch()
            var after: Int64 = 0
            if let since = input.query.since, !since.isEmpty {
                guard let cursor = SyncCursor(text: since) else {
                    throw ServerCore.ServerError.invalidRequest("the cursor is not one this server made")
                }
                guard cursor.epoch == epoch else { throw ServerCore.ServerError.epochMismatch(server: epoch) }
                after = cursor.sequence
            }
            let device = try input.query.device.map { (text) throws(ServerCore.ServerError) in
                try UUID.parse(text, field: "device")
            }
            // A JSON Lines page copies each record's stored text; only the JSON form needs the values.
            page =
                JSONLines.preferred(input.headers.accept, lines: .applicationJsonl, json: .json)
                ? try await store.changesAsText(after: after, limit: limit, for: user, leavingOut: device)
                : try await store.changes(after: after, limit: limit, for: user, leavingOut: device)
        } catch {
            let answer = problem(error, epochStatus: .gone)
            switch answer.status {
            case .badRequest: return .badRequest(.init(body: .json(answer.problem)))
            case .unauthorized: return .unauthorized(.init(body: .json(answer.problem)))
            case .gone: return .gone(.init(body: .json(answer.problem)))
            default: throw answer
            }
        }
        let cursor = SyncCursor(epoch: epoch, sequence: page.lastSequence).text
        if JSONLines.preferred(input.headers.accept, lines: .applicationJsonl, json: .json) {
            return .ok(.init(body: .applicationJsonl(HTTPBody(JSONLines.body(page, cursor: cursor, epoch: epoch)))))
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        changes: page.records.map(Components.Schemas.Record.init),
                        cursor: cursor,
                        hasMore: page.hasMore,
                        epoch: epoch
                    ))))
    }
}
