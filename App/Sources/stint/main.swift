import Foundation
import StintApp

exit(await StintRuntime.run(Array(CommandLine.arguments.dropFirst())))
