-- Run by tests/nvim.sh in a headless Neovim (0.7 or later): its built-in LSP
-- client starts `$JGFLINT server` on the record $RECORD, waits for the
-- diagnostics, applies the quick fix of rank-format through the code action
-- menu (vim.ui.select answered as a user would), then the fix-all action,
-- and writes the buffer. What happened goes to $OUT, one fact a line.
local out = assert(io.open(os.getenv("OUT"), "w"))
local function say(...)
  out:write(table.concat({ ... }, " ") .. "\n")
  out:flush()
end
local function finish()
  out:close()
  vim.cmd("qa!")
end

local record = os.getenv("RECORD")
vim.cmd("edit " .. vim.fn.fnameescape(record))
local bufnr = vim.api.nvim_get_current_buf()
local start = vim.lsp.start_client
local client_id = start({
  name = "jgflint",
  cmd = { os.getenv("JGFLINT"), "server" },
  root_dir = vim.fn.fnamemodify(record, ":h"),
  on_exit = function(code) say("exit", tostring(code)) end,
})
if not client_id then
  say("error could not start the client")
  return finish()
end
vim.lsp.buf_attach_client(bufnr, client_id)

local got = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
if not got then
  say("error no diagnostics")
  return finish()
end
local diags = vim.diagnostic.get(bufnr)
table.sort(diags, function(a, b)
  if a.lnum ~= b.lnum then return a.lnum < b.lnum end
  return a.col < b.col
end)
for _, d in ipairs(diags) do
  -- lnum and col as Neovim holds them: 0-based line, byte column.
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
  say("diag", code, tostring(d.lnum), tostring(d.col), tostring(d.end_lnum), tostring(d.end_col))
end
local client = vim.lsp.get_client_by_id(client_id)
say("encoding", tostring(client.offset_encoding))

-- The quick fix for rank-format, chosen in the code action menu.
local rank
for _, d in ipairs(diags) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  if code == "rank-format" then rank = d end
end
if not rank then
  say("error no rank-format diagnostic")
  return finish()
end
vim.api.nvim_win_set_cursor(0, { rank.lnum + 1, rank.col })
local chosen
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    local action = item[2] or item.action or item
    local title = action.title or ""
    say("menu", title)
    if not chosen and title:find("rank-format", 1, true) then
      chosen = title
      on_choice(item, i)
    end
  end
  if not chosen then on_choice(nil, nil) end
end
vim.lsp.buf.code_action()
vim.wait(10000, function() return chosen ~= nil end, 50)
vim.wait(10000, function()
  return vim.api.nvim_buf_get_lines(bufnr, rank.lnum, rank.lnum + 1, false)[1]:find('"3k"', 1, true) ~= nil
end, 50)
say("chosen", tostring(chosen))
say("line", vim.api.nvim_buf_get_lines(bufnr, rank.lnum, rank.lnum + 1, false)[1])

-- Fix-all, after the server has seen the quick fix's change.
local version = vim.lsp.util.buf_versions[bufnr]
vim.wait(300, function() return false end, 50)
local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
  context = { diagnostics = {}, only = { "source.fixAll.jgflint" } },
}
local resp = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 20000)
local applied = 0
for _, r in pairs(resp or {}) do
  if r.err then say("error", vim.inspect(r.err)) end
  for _, action in ipairs(r.result or {}) do
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      applied = applied + 1
      say("fixall", action.title)
    end
  end
end
say("applied", tostring(applied), "version", tostring(version))
vim.cmd("write")
say("written")
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
finish()
