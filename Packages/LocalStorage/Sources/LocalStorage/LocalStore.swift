internal import GRDB
