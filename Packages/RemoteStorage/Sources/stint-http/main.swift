// stint-http: performs one HTTP request for `stint` (JSON on stdin, JSON on stdout) so that `stint` itself never
// links libcurl; see HelperRequest in RemoteStorage and docs/adr/0018.
import Foundation
import HTTPHelper
import RemoteStorage

let input = FileHandle.standardInput.readDataToEndOfFile()
let answer: HelperResponse
if let request = try? JSONDecoder().decode(HelperRequest.self, from: input) {
    answer = await HTTPHelper.perform(request)
} else {
    answer = HelperResponse(failure: "unreachable", message: "stint-http was given no request")
}
FileHandle.standardOutput.write((try? JSONEncoder().encode(answer)) ?? Data())
