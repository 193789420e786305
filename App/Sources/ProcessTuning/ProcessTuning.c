// The target's functions are inline, in include/ProcessTuning.h; SwiftPM needs a source file to build a C target.
#include "ProcessTuning.h"
