import Crypto
import Foundation

/// Bearer token secrets: made from 32 random bytes, kept only as a SHA-256 digest.
///
/// A stolen database must not hand out working tokens, so the store keeps the digest alone; and a
/// token compared byte by byte with early exit would leak, through timing, how much of a guess is
/// right, so comparisons take the same time whatever the inputs hold.
public enum TokenSecret {
    /// Every secret starts with this, so a leaked token is recognisable (secret scanners, logs).
    public static let prefix = "stint_"

    /// A new secret: "stint_" followed by 32 random bytes in base64url without padding (43 characters).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// A new secret from `generator`; tests pass a seeded one to get a known secret.
    public static func generate(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in bytes.indices {
            bytes[index] = generator.next()
        }
        return prefix + base64URL(bytes)
    }

    /// The lowercase hex SHA-256 of the secret's UTF-8 bytes: what the store keeps and looks up.
    public static func hash(_ secret: String) -> String {
        let digest = SHA256.hash(data: Data(secret.utf8))
        var hex = ""
        hex.reserveCapacity(64)
        for byte in digest {
            hex += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return hex
    }

    /// Whether the two texts are equal, in a time that depends only on their lengths.
    public static func constantTimeEquals(_ left: String, _ right: String) -> Bool {
        let leftBytes = Array(left.utf8)
        let rightBytes = Array(right.utf8)
        var difference = UInt8(truncatingIfNeeded: leftBytes.count ^ rightBytes.count)
        if leftBytes.count != rightBytes.count { difference |= 1 }
        // Walk the longer one whole so the time does not reveal where a difference is.
        let count = max(leftBytes.count, rightBytes.count)
        for index in 0..<count {
            let leftByte = index < leftBytes.count ? leftBytes[index] : 0
            let rightByte = index < rightBytes.count ? rightBytes[index] : 0
            difference |= leftByte ^ rightByte
        }
        return difference == 0
    }

    /// Whether `secret` has the shape of a Stint token; anything else is refused without a look-up.
    public static func isWellFormed(_ secret: String) -> Bool {
        guard secret.hasPrefix(prefix), secret.utf8.count == prefix.utf8.count + 43 else { return false }
        return secret.utf8.dropFirst(prefix.utf8.count).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
