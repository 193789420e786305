import Foundation
import Testing

/// `stint login` refuses what cannot be a token or a server before anything is sent or stored.
@Suite("Login routes")
struct LoginRouteTests {
    @Test(
        "a token with a space or control character is invalid input, and nothing is sent or stored",
        arguments: ["abc\ndef", "abc def", "abc\u{1B}[31mred", "abc\u{01}def", "abc\r\nX-Evil: 1"])
    func tokenWithASpaceOrControlCharacter(_ token: String) async throws {
        let stint = try Harness()
        let outcome = await stint.run("login", "http://127.0.0.1:9", "--token", token)
        #expect(outcome.status == 4, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr
                == "stint: the token contains a space or control character: copy it again from stint-server user add\n")
        #expect(!FileManager.default.fileExists(atPath: stint.home.appendingPathComponent("credentials").path))
        #expect(await stint.run("sync", "status").stdout.contains("Not logged in"))
    }

    @Test("a port outside 1 to 65535 is invalid input", arguments: ["99999", "0"])
    func portOutOfRange(_ port: String) async throws {
        let stint = try Harness()
        let outcome = await stint.run("login", "http://127.0.0.1:\(port)", "--token", "stint_x")
        #expect(outcome.status == 4, "\(outcome)")
        #expect(
            outcome.stderr
                == "stint: 'http://127.0.0.1:\(port)' is not a server URL: \(port) is not a valid port (use 1 to 65535)\n"
        )
    }
}
