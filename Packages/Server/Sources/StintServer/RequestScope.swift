import Logging
import ServerCore

/// What the middlewares learned about the request, for the OpenAPI handlers below them. The
/// generated handlers receive only the decoded input, so the authenticated user and the request's
/// logger travel in task-locals set around `next` (the handler runs in the middleware's task).
enum RequestScope {
    /// The user the bearer token belongs to; nil outside /v1.
    @TaskLocal static var user: ServerUser?
    /// The request's logger, carrying its request id.
    @TaskLocal static var logger: Logger?
}
