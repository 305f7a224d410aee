-- The media locations' access check (decisions 038, 043): may this URL's grant open this file?
-- The app decides (GET /internal/media-grant, the same rules as its own media route: signature,
-- expiry, folder, preview range, stopped device, ended session) and says how long its answer may
-- be kept (X-Accel-Expires, at most 5 s). The answer is kept in nginx's shared memory per grant
-- and folder ($playz_grant_key), so a viewer's playlist and segments cost the app one question
-- every few seconds and nginx no file read (a kept proxy-cache answer cost one per request).
local key = ngx.var.playz_grant_key
local kept = ngx.shared.playz_grants

-- A live playlist's answer may name the copy every viewer of its channel shares (x-playz-shared,
-- decision 125): it is kept as the answer, and given to the location's $playz_live_shared.
local function allow(shared)
    if type(shared) == "string" and shared ~= "" then ngx.var.playz_live_shared = shared end
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
