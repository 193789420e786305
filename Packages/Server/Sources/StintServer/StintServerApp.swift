import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import ServerCore
import ServiceLifecycle

/// The server's request context: Hummingbird's basic one plus the connection's peer address, which failed
/// sign-ins are counted by (the basic context does not keep it).
struct StintRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address as text (the proxy's, behind a reverse proxy); nil when there is none (a Unix
    /// socket, the in-process test router).
    let peerAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}

/// The router of the whole server: middlewares first (Hummingbird applies a router's middlewares
/// to the routes added after them), then the contract's operations.
func makeRouter(
    store: any ServerStore, maxBodyBytes: Int = stintMaximumBodyBytes,
    limiter: AuthFailureLimiter = AuthFailureLimiter()
) throws -> Router<StintRequestContext> {
    let router = Router(context: StintRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: SyncGateMiddleware(store: store, limiter: limiter))
    router.add(middleware: BodyLimitMiddleware(maxBytes: maxBodyBytes))
    // Compact JSON: the runtime's default pretty-prints and sorts keys, which every pull page paid for.
    try StintAPI(store: store).registerHandlers(
        on: router, configuration: OpenAPIRuntime.Configuration(jsonEncodingOptions: [.withoutEscapingSlashes]),
        middlewares: [OpenAPIProblemMiddleware()])
    return router
}

/// The server as a Hummingbird application (a ServiceLifecycle service), listening on host:port;
/// `onListening` receives the bound port once the socket is open (the real one for port 0).
///
/// - Parameters:
///   - services: what the store needs running for as long as the server (PostgreSQL's connection pool).
///   - beforeServing: runs once those services run and before the socket opens (the store's migrations).
///   - tls: when given, the server speaks HTTPS only (ADR 0025).
///   - authFailures: how failed authentications are limited per client address (ADR 0025).
public func makeServerApplication(
    store: any ServerStore,
    host: String,
    port: Int,
    logger: Logger,
    services: [any Service] = [],
    beforeServing: (@Sendable () async throws -> Void)? = nil,
    tls: TLSConfiguration? = nil,
    authFailures: AuthFailurePolicy = .init(),
    onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let server: HTTPServerBuilder = try tls.map { try .tls(.http1(), tlsConfiguration: $0) } ?? .http1()
    var application = Application(
        router: try makeRouter(store: store, limiter: AuthFailureLimiter(policy: authFailures)),
        server: server,
        configuration: .init(address: .hostname(host, port: port), serverName: "stint-server"),
        services: services,
        onServerRunning: { channel in
            await onListening(channel.localAddress?.port ?? port)
        },
        logger: logger
    )
    if let beforeServing { application.beforeServerStarts(perform: beforeServing) }
    return application
}

/// Runs the server until SIGTERM or SIGINT, then lets requests in flight finish (graceful shutdown).
public func runStintServer(
    store: any ServerStore,
    host: String,
    port: Int,
    logger: Logger = Logger(label: "stint-server"),
    services: [any Service] = [],
    beforeServing: (@Sendable () async throws -> Void)? = nil,
    tls: TLSConfiguration? = nil,
    authFailures: AuthFailurePolicy = .init(),
    onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws {
    let app = try makeServerApplication(
        store: store, host: host, port: port, logger: logger, services: services, beforeServing: beforeServing,
        tls: tls, authFailures: authFailures, onListening: onListening)
    let group = ServiceGroup(
        configuration: .init(
            services: [app],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
    )
    try await group.run()
}

/// Logging for the command line: standard error (standard output is for the command's answer),
/// level from LOG_LEVEL (default info).
public func bootstrapStintServerLogging() {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) }
        handler.logLevel = level ?? .info
        return handler
    }
}
