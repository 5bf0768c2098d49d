/**
 * Lua run by Redis as one uninterruptible step: nothing else touches the keys between a
 * script's reads and writes, which is what makes check-then-write atomic across every process
 * sharing the Redis.
 */

/**
 * KEYS: counters. ARGV[1]: ttl in ms; ARGV[1+i]: amount of item i; ARGV[1+n+i]: its limit or ''.
 * Checks every limited item first (counting earlier items of the same request on the same key),
 * then applies all of them; a counter created here gets the ttl. Replies {1, total…} or
 * {0, failing index (0-based), that counter's current value}.
 */
export const RESERVE_SCRIPT = `
local count = #KEYS
local pending = {}
for i = 1, count do
  local key = KEYS[i]
  local current = tonumber(redis.call('GET', key) or '0')
  local after = (pending[key] or current) + tonumber(ARGV[1 + i])
  local limit = ARGV[1 + count + i]
  if limit ~= '' and after > tonumber(limit) then
    return {0, i - 1, current}
  end
  pending[key] = after
end
local reply = {1}
for i = 1, count do
  local key = KEYS[i]
  local existed = redis.call('EXISTS', key)
  reply[i + 1] = redis.call('INCRBY', key, ARGV[1 + i])
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
