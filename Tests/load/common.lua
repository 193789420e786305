-- Shared by pull.lua and push.lua (loaded with dofile from the same folder).
--
-- The devices file (STINT_LOAD_DEVICES, written by Tests/bench-server.sh) has one registered device a line:
--   TOKEN DEVICE-ID EPOCH LAST-MUTATION PROJECT-ID
-- Each device has a token of its own; several devices belong to each user, as a team's laptops would.
--
-- Every wrk thread takes its own device (thread number + STINT_LOAD_OFFSET), so three wrk instances run
-- at once against three server processes use disjoint devices when given offsets 0, k and 2k.
-- done() prints one line starting with STINT-LOAD that the bench script parses (times in ms):
--   STINT-LOAD op=pull requests=N seconds=S rps=R mutations=M mps=X p50=A p90=B p99=C max=D non2xx=E
--              socket_errors=F rejected=G gaps=H replayed=I
local common = {}

function common.env(name, default)
   local value = os.getenv(name)
   if value == nil or value == "" then return default end
   return value
end

function common.devices()
   local path = common.env("STINT_LOAD_DEVICES", nil)
   assert(path, "STINT_LOAD_DEVICES must name the devices file written by Tests/bench-server.sh")
   local devices = {}
   for line in io.lines(path) do
      local token, id, epoch, last, project = line:match("^(%S+) (%S+) (%S+) (%d+) (%S+)$")
      if token then
         devices[#devices + 1] = { token = token, id = id, epoch = epoch, last = tonumber(last), project = project }
      end
   end
   assert(#devices > 0, "no device in " .. path)
   return devices
end

-- setup() runs in wrk's main Lua state once per thread: number the threads and keep them so that done()
-- can read their counters.
local threads = {}

function common.setup(thread)
   thread:set("thread_index", #threads)
   table.insert(threads, thread)
end

function common.done(op, summary, latency)
   local mutations, rejected, gaps, replayed = 0, 0, 0, 0
   for _, thread in ipairs(threads) do
      mutations = mutations + (thread:get("mutations_ok") or 0)
      rejected = rejected + (thread:get("rejected") or 0)
      gaps = gaps + (thread:get("gaps") or 0)
      replayed = replayed + (thread:get("replayed") or 0)
   end
   local seconds = summary.duration / 1e6
   local errors = summary.errors
   io.write(string.format(
      "STINT-LOAD op=%s requests=%d seconds=%.3f rps=%.1f mutations=%d mps=%.1f p50=%.2f p90=%.2f p99=%.2f "
         .. "max=%.2f non2xx=%d socket_errors=%d rejected=%d gaps=%d replayed=%d\n",
      op, summary.requests, seconds, summary.requests / seconds, mutations, mutations / seconds,
      latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
      latency.max / 1000, errors.status, errors.connect + errors.read + errors.write + errors.timeout,
      rejected, gaps, replayed))
end

return common
