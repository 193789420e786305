import Foundation

extension UUID {
    /// Stint's namespaces for ids derived from names (RFC 9562 version 5): an import derives each id from the id
    /// the source tool gave the item, so importing the same file again finds the same rows, on any device.
    public enum Namespace {
        /// A Taskwarrior task, named by its `uuid`.
        public static let taskwarriorTask = UUID(uuid: namespace(1))
        /// A project an import creates, named by its name folded to lowercase.
        public static let importedProject = UUID(uuid: namespace(2))
        /// A task list an import creates, named by its project's id and its name folded to lowercase.
        public static let importedList = UUID(uuid: namespace(3))
        /// A Timewarrior interval, named by its start, end and tags as the tool writes them.
        public static let timewarriorInterval = UUID(uuid: namespace(4))
        /// A Watson frame, named by its id.
        public static let watsonFrame = UUID(uuid: namespace(5))

        /// `5374494e-5400-4000-8000-0000000000NN`: "STINT" in its first bytes, a fixed pattern after.
        private static func namespace(_ number: UInt8) -> uuid_t {
            (0x53, 0x74, 0x49, 0x4E, 0x54, 0x00, 0x40, 0x00, 0x80, 0x00, 0, 0, 0, 0, 0, number)
        }
    }

    /// The version 5 (SHA-1, name-based) id of `name` in `namespace`: the same inputs give the same id everywhere,
    /// different names give different ids with overwhelming probability.
    public init(named name: String, in namespace: UUID) {
        var message = [UInt8]()
        message.reserveCapacity(16 + name.utf8.count)
        withUnsafeBytes(of: namespace.uuid) { message.append(contentsOf: $0) }
        message.append(contentsOf: name.utf8)
        var digest = SHA1.digest(message)
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        self.init(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7], digest[8],
                digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
    }
}

/// SHA-1, for name-based ids only (RFC 9562 asks for it there); never for anything that needs to be secret or
/// unforgeable. Written out because Foundation on Linux has no digest and the Entities take no dependencies.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let at = block + index * 4
                words[index] =
                    UInt32(padded[at]) << 24 | UInt32(padded[at + 1]) << 16 | UInt32(padded[at + 2]) << 8
                    | UInt32(padded[at + 3])
            }
            for index in 16..<80 {
                let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
                words[index] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = state
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = next
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
        var digest = [UInt8]()
        for word in [state.0, state.1, state.2, state.3, state.4] {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }
}
