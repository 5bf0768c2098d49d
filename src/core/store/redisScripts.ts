/**
 * Lua run by Redis as one uninterruptible step: nothing else touches the keys between a
 * script's reads and writes, which is what makes check-then-write atomic across every process
 * sharing the Redis.
 */

/**
 * KEYS: counters, then (to check the marker) the documents hash holding it. ARGV[1]: ttl in ms;
 * ARGV[2]: how many counters (n); ARGV[2+i]: amount of item i; ARGV[2+n+i]: its limit or ''; with the
 * marker, ARGV[3+2n]: its document's field in the hash, ARGV[4+2n]: the marker. A document gone or
 * holding another marker (the store lost its data) changes nothing and replies {-1}. Otherwise
 * checks every limited item first (counting earlier items of the same request on the same key),
 * then applies all of them; a counter created here gets the ttl. Replies {1, total…} or
 * {0, failing index (0-based), that counter's current value}.
 */
export const RESERVE_SCRIPT = `
local count = tonumber(ARGV[2])
if #KEYS > count then
  local doc = redis.call('HGET', KEYS[count + 1], ARGV[3 + 2 * count])
  if not doc then return {-1} end
  local parsed, value = pcall(cjson.decode, doc)
  if not parsed or type(value) ~= 'table' or value.marker ~= ARGV[4 + 2 * count] then return {-1} end
end
local pending = {}
for i = 1, count do
  local key = KEYS[i]
  local current = tonumber(redis.call('GET', key) or '0')
  local after = (pending[key] or current) + tonumber(ARGV[2 + i])
  local limit = ARGV[2 + count + i]
  if limit ~= '' and after > tonumber(limit) then
    return {0, i - 1, current}
  end
  pending[key] = after
end
local reply = {1}
for i = 1, count do
  local key = KEYS[i]
  local existed = redis.call('EXISTS', key)
  reply[i + 1] = redis.call('INCRBY', key, ARGV[2 + i])
  if existed == 0 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return reply
`;

/** KEYS[1]: counter. ARGV: amount, ttl in ms. Adds without a limit; a new counter gets the ttl. */
export const ADJUST_SCRIPT = `
local existed = redis.call('EXISTS', KEYS[1])
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if existed == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return total
`;

/** KEYS[1]: claim. ARGV[1]: owner, ARGV[2]: ttl ms. Extends only while that owner still holds it. */
export const EXTEND_CLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

/** KEYS[1]: claim. ARGV[1]: owner. Deletes only while that owner still holds it. */
export const RELEASE_CLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * KEYS: log sorted set, its sequence counter. ARGV: at, entry JSON. The zero-padded sequence
 * makes every member unique (equal entries are both kept) and, since members with equal scores
 * sort by their bytes, keeps entries with the same timestamp in arrival order.
 */
export const APPEND_LOG_SCRIPT = `
local sequence = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], ARGV[1], string.format('%016d', sequence) .. ':' .. ARGV[2])
return sequence
`;

/** Length of the `sequence:` part in front of every log member's JSON. */
export const LOG_MEMBER_SEQUENCE_LENGTH = 17;

/**
 * KEYS[1]: the schedule's next free time. ARGV[1]: interval in ms. Generic cell rate algorithm:
 * the caller gets the later of now and the next free slot, and the slot moves one interval on.
 * Time comes from the Redis server, so replicas with drifting clocks still share one schedule.
 * Replies the wait in ms.
 */
export const RESERVE_SLOT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local nextFree = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextFree)
redis.call('SET', KEYS[1], slot + interval, 'PX', slot + interval - now + 60000)
return slot - now
`;

/**
 * KEYS[1]: sorted set of start times. ARGV: count, window in ms, a unique member. A sliding-window
 * log on Redis TIME: starts older than the window are dropped; with fewer than `count` left the
 * start is recorded and the reply is 0, else the reply is the wait until the oldest start that
 * holds the window full leaves it.
 */
export const ADMIT_TO_WINDOW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local count = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local held = redis.call('ZCARD', KEYS[1])
if held < count then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return 0
end
local freeing = redis.call('ZRANGE', KEYS[1], held - count, held - count, 'WITHSCORES')
return math.max(1, tonumber(freeing[2]) + window - now)
`;

/** KEYS[1]: members sorted set. ARGV: member, ttl in ms. Replies how many members are alive. */
export const HEARTBEAT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return redis.call('ZCARD', KEYS[1])
`;
