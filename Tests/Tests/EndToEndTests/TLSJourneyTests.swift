import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `stint-server serve --tls-cert --tls-key` (ADR 0025) with a certificate made for the test by openssl: the
/// server speaks HTTPS and nothing else, and `stint` trusts only what the system trusts, so a self-signed server is
/// refused in one line with nothing kept. (stint's https path goes through libcurl and the system's CA store, which
/// a test cannot extend without root; a trusted certificate was checked by hand, see the issue-9 note.)
@Suite("TLS", .serialized, .timeLimit(.minutes(10)))
struct TLSJourneyTests {
    /// A key and a self-signed certificate for 127.0.0.1, written next to the server's data.
    func makeCertificate(in directory: URL) throws -> (certificate: URL, key: URL) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        let status = try runTool(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path,
            ])
        try #require(status == 0, "openssl could not make a certificate")
        return (certificate, key)
    }

    /// `curl` with `arguments`; its exit status and what it printed.
    func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--show-error", "--max-time", "10"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "the server answers HTTPS with its certificate, refuses plain HTTP, and stint refuses a certificate nobody vouches for"
    )
    func httpsOnly() async throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-tls-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = ServerProcess(
            binary: try ServerProcess.locateBinary(), data: root.appendingPathComponent("server"))
        let tls = try makeCertificate(in: root.appendingPathComponent("tls"))
        server.tls = tls
        try await server.start()
        defer { server.stop(signal: SIGKILL) }
        #expect(server.url.hasPrefix("https://127.0.0.1:"))

        let health = try curl(["--cacert", tls.certificate.path, "\(server.url)/health"])
        #expect(health.status == 0, "\(health.output)")
        #expect(health.output.contains("epoch"), "\(health.output)")
        let token = try server.addUser("ana")
        let session = try curl([
            "--cacert", tls.certificate.path, "-H", "Authorization: Bearer \(token)", "-H", "Stint-Protocol: 1",
            "\(server.url)/v1/session",
        ])
        #expect(session.output.contains("\"ana\""), "a real request over TLS: \(session.output)")

        let plain = try curl(["http://127.0.0.1:\(server.port)/health"])
        #expect(plain.status != 0, "plain HTTP on the TLS port must not be answered: \(plain.output)")
        let untrusted = try curl(["\(server.url)/health"])
        #expect(untrusted.status == 60, "curl without the certificate refuses it: \(untrusted.output)")

        let device = Stint(binary: try Stint.locateBinary(), root: root.appendingPathComponent("device"))
        try FileManager.default.createDirectory(at: device.home, withIntermediateDirectories: true)
        let login = try await device.run("login", server.url, "--token", token)
        #expect(login.status == 7, "\(login)")
        #expect(login.stderr.split(separator: "\n").count == 1, "\(login)")
        #expect(login.stderr.contains("certificate"), "\(login)")
        #expect(!login.stderr.contains(token))
        #expect(try await device.json("sync", "status")["logged_in"].bool == false, "nothing kept")
    }
}
