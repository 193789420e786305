import Foundation

extension UUID {
    /// The id as Stint writes it everywhere (storage, JSON, references): 36 lowercase characters.
    ///
    /// Written by hand: Foundation's `uuidString` runs `snprintf` per byte and `lowercased()` copies again,
    /// about 6,000 instructions an id on Linux; a listing of 7,500 tasks spent a seventh of its time there.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits: StaticString = "0123456789abcdef"
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = digits.utf8Start[Int(byte >> 4)]
                    text[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// Parses the 36-character form (either case), without allocating: Foundation's `UUID(uuidString:)` costs
    /// about 9,000 instructions a call on Linux, and reading a listing maps several ids per task.
    public init?(canonical text: String) {
        var text = text
        let parsed = text.withUTF8 { chars -> uuid_t? in
            guard chars.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let complete = withUnsafeMutableBytes(of: &value) { bytes -> Bool in
                var byte = 0
                var index = 0
                while index < 36 {
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        guard chars[index] == UInt8(ascii: "-") else { return false }
                        index += 1
                        continue
                    }
                    guard let high = Self.hexValue(chars[index]), let low = Self.hexValue(chars[index + 1]) else {
                        return false
                    }
                    bytes[byte] = high << 4 | low
                    byte += 1
                    index += 2
                }
                return true
            }
            return complete ? value : nil
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    private static func hexValue(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): char - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
