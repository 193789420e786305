import Testing

@testable import TerminalUI

@Suite("ScriptedLineReader")
struct ScriptedLineReaderTests {
    @Test("answers in order, then reports end of input")
    func answersThenEnds() {
        let reader = ScriptedLineReader(["3", ""])
        #expect(reader.readLine(prompt: "Pick: ") == "3")
        #expect(reader.readLine(prompt: "Again: ") == "")
        #expect(reader.readLine(prompt: "Last: ") == nil)
        #expect(reader.readLine(prompt: "Last: ") == nil)
        #expect(reader.prompts == ["Pick: ", "Again: ", "Last: ", "Last: "])
        #expect(reader.remainingAnswers.isEmpty)
    }

    @Test("with no answers, the first read is end of input")
    func emptyScript() {
        let reader = ScriptedLineReader()
        #expect(reader.readLine(prompt: "? ") == nil)
        #expect(reader.prompts == ["? "])
    }

    @Test("hands each answer to exactly one of many concurrent readers")
    func concurrentReads() async {
        let reader = ScriptedLineReader((0..<400).map(String.init))
        let answers = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<60).compactMap { _ in reader.readLine(prompt: "> ") } }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(answers.count == 400)
        #expect(Set(answers).count == 400)
        #expect(reader.prompts.count == 480)
    }

    @Test("can stand in wherever a LineReader is expected")
    func usableThroughTheProtocol() {
        let reader: any LineReader = ScriptedLineReader(["yes"])
        #expect(reader.readLine(prompt: "Sure? ") == "yes")
    }
}
