-- wrk script: devices pulling GET /v1/changes, as `stint sync` does (Tests/bench-server.sh runs it).
--
--   STINT_LOAD_DEVICES=FILE [STINT_LOAD_MODE=head|page] [STINT_LOAD_HEAD=N] [STINT_LOAD_LIMIT=100]
--   [STINT_LOAD_ACCEPT=jsonl|json] [STINT_LOAD_OFFSET=0] wrk -t2 -c18 -d10s -s Tests/load/pull.lua URL
--
-- mode head: every device is up to date (cursor EPOCH:HEAD) and polls: the answer is an empty page. This
--            is most of a team's pulls.
-- mode page: each request starts at a random cursor below HEAD and gets a full page of LIMIT records, as a
--            device that was offline catches up.
-- Each request names the pulling device (&device=) and carries that device's token; a thread goes round
-- all devices starting at its own, so requests are spread over every device and user.
-- JSON Lines (application/jsonl) is what stint asks for; json measures other clients.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(here .. "common.lua")

function setup(thread)
   common.setup(thread)
end

function init(args)
   devices = common.devices()
   mode = common.env("STINT_LOAD_MODE", "head")
   head = tonumber(common.env("STINT_LOAD_HEAD", "0"))
   limit = tonumber(common.env("STINT_LOAD_LIMIT", "100"))
   local offset = tonumber(common.env("STINT_LOAD_OFFSET", "0"))
   next_device = (offset + thread_index) % #devices
   headers = {
      ["Stint-Protocol"] = "1",
      ["Accept"] = common.env("STINT_LOAD_ACCEPT", "jsonl") == "json" and "application/json"
         or "application/jsonl, application/json; q=0.5",
   }
   math.randomseed(os.time() * 1000 + thread_index)
   assert(mode == "head" or mode == "page", "STINT_LOAD_MODE is head or page")
   assert(mode == "head" or head > limit, "mode page needs STINT_LOAD_HEAD above STINT_LOAD_LIMIT")
end

function request()
   local device = devices[next_device + 1]
   next_device = (next_device + 1) % #devices
   local since = head
   if mode == "page" then since = math.random(0, head - limit) end
   headers["Authorization"] = "Bearer " .. device.token
   local path = string.format("/v1/changes?since=%s:%d&limit=%d&device=%s", device.epoch, since, limit, device.id)
   return wrk.format("GET", path, headers)
end

-- done() runs in the main Lua state, where init() never ran: read the mode again.
function done(summary, latency, requests)
   common.done("pull-" .. common.env("STINT_LOAD_MODE", "head"), summary, latency)
end
