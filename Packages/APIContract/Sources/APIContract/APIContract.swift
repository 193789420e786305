/// The version of the sync protocol that `openapi.yaml` describes. Every request carries it in
/// the `Stint-Protocol` header; the server answers a client that speaks another version with a
/// clear refusal instead of guessing.
public enum APIContract {
    public static let protocolVersion = 1
}
