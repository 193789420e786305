import Adapters
import ArgumentParser

/// `--allow-overlap` / `--adjust`, shared by `stint log` and `stint entries edit`: time that overlaps another of
/// your entries is refused unless one of them says what to do (docs/adr/0014).
struct OverlapOptions: ParsableArguments {
    @Flag(name: .long, help: "Keep the entry even where it overlaps another of yours.")
    var allowOverlap = false
    @Flag(name: .long, help: "Trim the entries it overlaps so it fits (one undo takes both back).")
    var adjust = false

    func validate() throws {
        if allowOverlap && adjust {
            throw ValidationError("use either --allow-overlap or --adjust: keep both entries, or trim the other")
        }
    }

    var choice: OverlapArgument { allowOverlap ? .allow : adjust ? .adjust : .refuse }
}
