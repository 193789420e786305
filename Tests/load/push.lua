-- wrk script: devices pushing batches to POST /v1/push, as `stint sync` does (Tests/bench-server.sh runs it).
--
--   STINT_LOAD_DEVICES=FILE [STINT_LOAD_BATCH=10] [STINT_LOAD_OFFSET=0] wrk -tN -cN -d10s -s Tests/load/push.lua URL
--
-- ONE CONNECTION PER THREAD (-t equal to -c): a device's batches must arrive in order, each starting right
-- after the last one the server applied (ADR 0019), so each thread is one device with one request in
-- flight; wrk builds a connection's next request only after its previous answer, which keeps the order.
--
-- A batch is JSON Lines, as stint sends it: a PushHeader line, then STINT_LOAD_BATCH mutations that create
-- new records, alternately a task in the seeded project and an hour's time entry on that task. Every record
-- gets a fresh id: the device id's first group, then the mutation number (unique per device).
-- The device's number moves on only with a 200 answer: wrk calls request() once before the run to look at
-- the request and throws that one away, and a request lost to a timeout is sent again as it was (the server
-- answers a batch it already applied from its stored answer, as it does for stint). A 409 gap would put the
-- device back on the number the server expects. Gaps, replayed batches (a devices file older than the
-- device's last push) and rejected mutations are counted and printed; mutations/s counts only the
-- mutations of 200 answers that applied them.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(here .. "common.lua")

function setup(thread)
   common.setup(thread)
end

function init(args)
   local devices = common.devices()
   local offset = tonumber(common.env("STINT_LOAD_OFFSET", "0"))
   assert(offset + thread_index < #devices,
      "push needs a device per thread: give -t equal to -c and at most as many threads as devices")
   device = devices[offset + thread_index + 1]
   batch = tonumber(common.env("STINT_LOAD_BATCH", "10"))
   last = device.last
   prefix = device.id:sub(1, 8)
   headers = {
      ["Authorization"] = "Bearer " .. device.token,
      ["Stint-Protocol"] = "1",
      ["Content-Type"] = "application/jsonl",
      ["Accept"] = "application/jsonl, application/json; q=0.5",
   }
   mutations_ok, rejected, gaps, replayed = 0, 0, 0, 0
end

local function record_id(number)
   return string.format("%s-%04x-4%03x-8%03x-%012x", prefix, 0, 0, 0, number)
end

function request()
   local first = last + 1
   local now = os.time() * 1000
   local lines = {
      string.format('{"deviceId":"%s","epoch":"%s","first":%d,"last":%d}', device.id, device.epoch, first,
         first + batch - 1),
   }
   for number = first, first + batch - 1 do
      if (number - first) % 2 == 0 then
         lines[#lines + 1] = string.format(
            '{"number":%d,"entity":"task","id":"%s","changes":{"project_id":"%s","title":"Load task %d",'
               .. '"status":"open","priority":1,"tags":["load"],"created_at":%d,"updated_at":%d}}',
            number, record_id(number), device.project, number, now, now)
      else
         local start = now - 3600000
         lines[#lines + 1] = string.format(
            '{"number":%d,"entity":"timeEntry","id":"%s","changes":{"task_id":"%s","start_at":%d,"end_at":%d,'
               .. '"duration_seconds":1800,"note":"load","billable":0,"tags":[],"created_at":%d,"updated_at":%d}}',
            number, record_id(number), record_id(number - 1), start, start + 1800000, now, now)
      end
   end
   return wrk.format("POST", "/v1/push", headers, table.concat(lines, "\n") .. "\n")
end

function response(status, headers, body)
   if status == 200 then
      last = last + batch
      -- A batch the server had already applied is answered from its stored answer: nothing new was written.
      if body:find('"replayed":true', 1, true) then
         replayed = replayed + 1
         return
      end
      mutations_ok = mutations_ok + batch
      local _, count = body:gsub('"outcome":"rejected"', "")
      rejected = rejected + count
   elseif status == 409 then
      local expected = body:match("server expects mutation (%d+)")
      if expected then
         gaps = gaps + 1
         last = tonumber(expected) - 1
      end
   end
end

function done(summary, latency, requests)
   common.done("push", summary, latency)
end
