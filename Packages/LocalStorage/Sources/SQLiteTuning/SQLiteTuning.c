// The target's one function is inline, in include/SQLiteTuning.h; SwiftPM needs a source file to build a C target.
#include "SQLiteTuning.h"
