-- Run by tests/nvim.sh in a headless Neovim after the README's snippet for
-- the Neovim it runs ($SNIPPET, loaded as init.lua would be): opens the SGF
-- $SGF, waits for its diagnostic (checked in place) and chooses the convert
-- action in the code action menu (Neovim 0.7 declares no documentChanges:
-- the server runs it as a command) and the "ignore RULE" action (a command
-- too: the server writes .jgflint.json); then opens the record $RECORD, writes
-- its .jgflint.json from outside (Neovim 0.7 watches no files) and changes
-- the buffer; and hovers on the go finding of $GAME. What happened goes to
-- $OUT, one fact a line.
local out = assert(io.open(os.getenv("OUT"), "w"))
local function say(...)
  out:write(table.concat({ ... }, " ") .. "\n")
  out:flush()
end
local function finish()
  out:close()
  vim.cmd("qa!")
end
local function codes(bufnr)
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
    seen[#seen + 1] = code
  end
  table.sort(seen)
  return table.concat(seen, ",")
end

vim.cmd("luafile " .. vim.fn.fnameescape(os.getenv("SNIPPET")))

-- The convert action, chosen in the menu.
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SGF")))
local sgf = vim.api.nvim_get_current_buf()
if not vim.wait(20000, function() return #vim.diagnostic.get(sgf) > 0 end, 50) then
  say("error no diagnostics for the SGF")
  return finish()
end
say("sgf", codes(sgf))
local chosen
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    local action = item[2] or item.action or item
    local title = action.title or ""
    say("menu", title, action.command and "command" or action.edit and "edit" or "-")
    if not chosen and title:find("convert to JGF", 1, true) then
      chosen = title
      on_choice(item, i)
    end
  end
  if not chosen then on_choice(nil, nil) end
end
vim.lsp.buf.code_action()
vim.wait(10000, function() return chosen ~= nil end, 50)
local dir = vim.fn.fnamemodify(os.getenv("SGF"), ":h")
vim.wait(10000, function() return vim.fn.glob(dir .. "/*.jgf") ~= "" end, 50)
vim.wait(500, function() return false end, 50)
say("converted", tostring(vim.fn.glob(dir .. "/*.jgf") ~= ""))

-- "ignore RULE" where no .jgflint.json applies: Neovim 0.7 cannot create a
-- file through an edit, and runs the action's command; the server writes
-- the file beside the SGF and checks it again.
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SGF")))
local ignored
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    local action = item[2] or item.action or item
    local title = action.title or ""
    say("menu", title, action.command and "command" or action.edit and "edit" or "-")
    if not ignored and title:find("ignore sgf-text-outside", 1, true) then
      ignored = title
      on_choice(item, i)
    end
  end
  if not ignored then on_choice(nil, nil) end
end
vim.lsp.buf.code_action()
vim.wait(10000, function() return ignored ~= nil end, 50)
vim.wait(10000, function() return not codes(sgf):find("sgf-text-outside", 1, true) end, 50)
say("ignored", tostring(ignored), codes(sgf))

-- A configuration written from outside, then a change in the buffer.
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("RECORD")))
local rec = vim.api.nvim_get_current_buf()
if not vim.wait(20000, function() return #vim.diagnostic.get(rec) > 0 end, 50) then
  say("error no diagnostics for the record")
  return finish()
end
local before = codes(rec)
say("before", before)
local cfg = assert(io.open(os.getenv("CONFIG"), "w"))
cfg:write('{"ignore": ["rank-format"]}\n')
cfg:close()
vim.api.nvim_buf_set_lines(rec, 0, 0, false, { "" })
vim.wait(20000, function() return codes(rec) ~= before end, 50)
say("after", codes(rec))

-- Hover on a go finding: the board, as Neovim turns the hover into the
-- lines of its float.
local game = os.getenv("GAME")
if game then
  vim.cmd("edit " .. vim.fn.fnameescape(game))
  local gbuf = vim.api.nvim_get_current_buf()
  vim.wait(20000, function() return #vim.diagnostic.get(gbuf) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(gbuf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == "occupied-point" then
      local params = { textDocument = { uri = vim.uri_from_bufnr(gbuf) },
                       position = { line = d.lnum, character = d.col } }
      local resp = vim.lsp.buf_request_sync(gbuf, "textDocument/hover", params, 20000)
      for _, r in pairs(resp or {}) do
        if r.result and r.result.contents then
          for _, line in ipairs(vim.lsp.util.convert_input_to_markdown_lines(r.result.contents)) do
            say("hover", line)
          end
        end
      end
    end
  end
end
finish()
