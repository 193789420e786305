/// How patiently the client talks to the server.
public struct RemoteConfiguration: Sendable, Hashable {
    /// The longest one request may take, from sending it to having the whole answer. A request that timed out is
    /// not retried, so this is also the longest a call waits for a server that does not answer.
    public var timeout: Duration
    /// How many extra attempts a retry-safe request gets after a transient failure other than a timeout (a refused
    /// or dropped connection, a 5xx); 0: no retry.
    public var retries: Int
    /// The delay before the first retry; it doubles before each further one.
    public var backoff: Duration
    /// The sync protocol version this client speaks; the server refuses a version it does not speak.
    public var protocolVersion: Int

    /// Creates a configuration; the defaults suit an interactive `stint` command.
    public init(
        timeout: Duration = .seconds(15),
        retries: Int = 2,
        backoff: Duration = .milliseconds(200),
        protocolVersion: Int = 1
    ) {
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.protocolVersion = protocolVersion
    }

    /// The delay before retry number `retry` (0 for the first retry): `backoff`, doubled each time.
    func delay(beforeRetry retry: Int) -> Duration {
        backoff * (1 << min(retry, 16))
    }

    /// The timeout in seconds, for URLSession and for messages.
    var timeoutSeconds: Double {
        let parts = timeout.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
