-- The media locations' access check (decisions 038, 043): may this URL's grant open this file?
-- The app decides (GET /internal/media-grant, the same rules as its own media route: signature,
-- expiry, folder, preview range, stopped device, ended session) and says how long its answer may
-- be kept (X-Accel-Expires, at most 5 s). The answer is kept in nginx's shared memory per grant
-- and folder ($playz_grant_key), so a viewer's playlist and segments cost the app one question
-- every few seconds and nginx no file read (a kept proxy-cache answer cost one per request).
local key = ngx.var.playz_grant_key
local kept = ngx.shared.playz_grants

-- A live playlist's answer may name the copy every viewer of its channel shares (x-playz-shared,
-- decision 125): it is kept as the answer. nginx serves that copy from a file in the folder the
-- location names ($playz_live_copies, decision 135): the app's answer for the channel and file,
-- written once a second under a new name each time, so the location's open_file_cache never
-- serves an old copy under a kept descriptor. The request that finds the copy a second old asks
-- the app (`/_playz/live-copy`: its own URL, so its own grant); the others meanwhile get the
-- previous copy, as proxy_cache_use_stale updating would. A grant the app names no copy for (a
-- start-over, a replay, a preview, a rating guard), or a copy that could not be made, goes to the
-- app (@playz_live_app), which answers it as before.
local function live_copy(shared, folder)
    if type(shared) ~= "string" or not shared:match("^[%w_/-]+$") then return nil end
    local method = ngx.var.request_method
    if method ~= "GET" and method ~= "HEAD" then return nil end
    local file = ngx.var.playz_file
    local id = shared .. "/" .. file
    local name = kept:get("copy:" .. id)
    if name then return name, "HIT" end
    -- One request a second fills it (the lock lives 2 s at most, in case this one fails midway).
    if not kept:add("fill:" .. id, true, 2) then
        local last = kept:get("last:" .. id)
        if last then return last, "UPDATING" end
        return nil
    end
    local _ = ngx.var.request_id
    local answer = ngx.location.capture("/_playz/live-copy", { copy_all_vars = true })
    if answer.status ~= ngx.HTTP_OK or answer.truncated or not answer.body then
        kept:delete("fill:" .. id)
        return nil
    end
    local generation = kept:incr("copy-generation", 1, 0)
    name = shared:gsub("/", "_") .. "_" .. file .. "." .. generation
    local path = folder .. "/" .. name
    local out, err = io.open(path .. ".tmp", "wb")
    local ok = out and out:write(answer.body) and out:close()
    if ok then ok, err = os.rename(path .. ".tmp", path) end
    if not ok then
        ngx.log(ngx.ERR, "live playlist copy: ", err or "cannot write", " (", path, ")")
        os.remove(path .. ".tmp")
        kept:delete("fill:" .. id)
        return nil
    end
    -- The copy before the previous one is a second old at least: no request is still handed it.
    local before = kept:get("previous:" .. id)
    if before then os.remove(folder .. "/" .. before) end
    local previous = kept:get("last:" .. id)
    if previous then kept:set("previous:" .. id, previous) end
    kept:set("last:" .. id, name)
    kept:set("copy:" .. id, name, 1)
    kept:delete("fill:" .. id)
    return name, "MISS"
end

local function allow(shared)
    -- Only the live playlists' location names a folder of copies; the others serve their own file.
    local folder = ngx.var.playz_live_copies
    if folder == nil or folder == "" then return end
    local name, state = live_copy(shared, folder)
    if not name then return ngx.exec("@playz_live_app") end
    ngx.var.playz_live_copy = name
    ngx.var.playz_live_cache = state
end

if key ~= "" then
    local allowed = kept:get(key)
    if allowed == false then return ngx.exit(ngx.HTTP_FORBIDDEN) end
    if allowed ~= nil then return allow(allowed) end
end

-- The question carries this request's id (X-Request-Id $request_id in the internal location):
-- a subrequest starts with its own variables unless it is given a copy, and the id is made on
-- first use, so it is made here before the copy.
local _ = ngx.var.request_id
-- A live segment's location names its own check (/_playz/live-grant, decision 096); the others
-- ask about /media/s/ grants.
local check = ngx.var.playz_grant_check
if check == nil or check == "" then check = "/_playz/media-grant" end
local answer = ngx.location.capture(check, { copy_all_vars = true })
local status = answer.status
if status ~= ngx.HTTP_OK and status ~= ngx.HTTP_FORBIDDEN then
    -- No node could answer (all draining or down): the player retries a 503, not a refusal.
    ngx.log(ngx.ERR, "media grant: the app answered ", status)
    return ngx.exit(ngx.HTTP_SERVICE_UNAVAILABLE)
end

-- Header names come as the app wrote them (Node writes them in lower case).
local seconds = tonumber(answer.header["x-accel-expires"] or answer.header["X-Accel-Expires"]) or 0
local shared = answer.header["x-playz-shared"] or answer.header["X-Playz-Shared"]
if type(shared) ~= "string" then shared = nil end
if key ~= "" and seconds > 0 then kept:set(key, status == ngx.HTTP_OK and (shared or true), seconds) end
if status ~= ngx.HTTP_OK then return ngx.exit(ngx.HTTP_FORBIDDEN) end
allow(shared)
