import Foundation

extension UUID {
    /// The id as Stint writes it everywhere (storage, JSON, references): 36 lowercase characters.
    ///
    /// Written by hand: Foundation's `uuidString` runs `snprintf` per byte and `lowercased()` copies again,
    /// about 6,000 instructions an id on Linux; a listing of 7,500 tasks spent a seventh of its time there.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits = UUID.hexDigits.utf8Start
                var index = 0
                // An index loop over the 16 bytes: `enumerated()` cost twice as much per id.
                for position in 0..<16 {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        text[index] = UInt8(ascii: "-")
                        index &+= 1
                    }
                    let byte = bytes[position]
                    text[index] = digits[Int(byte &>> 4)]
                    text[index &+ 1] = digits[Int(byte & 0x0F)]
                    index &+= 2
                }
                return index
            }
        }
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Parses the 36-character form (either case), without allocating: Foundation's `UUID(uuidString:)` costs
    /// about 9,000 instructions a call on Linux, and reading a listing maps several ids per task. Invalid digits
    /// are collected in one flag and checked once, so the loop has no early exits.
    public init?(canonical text: String) {
        var text = text
        let parsed = text.withUTF8 { chars -> uuid_t? in
            guard chars.count == 36, chars[8] == UInt8(ascii: "-"), chars[13] == UInt8(ascii: "-"),
                chars[18] == UInt8(ascii: "-"), chars[23] == UInt8(ascii: "-")
            else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var invalid: UInt8 = 0
            withUnsafeMutableBytes(of: &value) { bytes in
                var index = 0
                for byte in 0..<16 {
                    if index == 8 || index == 13 || index == 18 || index == 23 { index &+= 1 }
                    let high = Self.nibble(chars[index])
                    let low = Self.nibble(chars[index &+ 1])
                    invalid |= high | low
                    bytes[byte] = high << 4 | (low & 0x0F)
                    index &+= 2
                }
            }
            return invalid & 0xF0 == 0 ? value : nil
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    /// A hex digit's value, or 0xFF (high bits set) for anything else.
    @inline(__always)
    private static func nibble(_ char: UInt8) -> UInt8 {
        let digit = char &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // Setting bit 5 maps A-F onto a-f and nothing else onto a-f.
        let letter = (char | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }
}
