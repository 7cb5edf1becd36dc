-- Run by tests/nvim.sh in a headless Neovim (0.7 or later): opens each of
-- the SGF files $SGFS (separated by spaces) as Neovim reads them (a
-- Shift_JIS file is decoded as Latin-1, its 'fileencodings' fallback),
-- attaches `$JGFLINT server` and writes to $OUT the diagnostics as Neovim
-- holds them, one a line: "diag FILE CODE LNUM COL END_LNUM END_COL" (0-based
-- lines, byte columns of the buffer's UTF-8 lines), "message FILE TEXT" for
-- a diagnostic without a code, and "fenc FILE ENCODING".
local out = assert(io.open(os.getenv("OUT"), "w"))
local function say(...)
  out:write(table.concat({ ... }, " ") .. "\n")
  out:flush()
end
local client_id = vim.lsp.start_client({
  name = "jgflint",
  cmd = { os.getenv("JGFLINT"), "server" },
  root_dir = vim.fn.getcwd(),
})
for file in string.gmatch(os.getenv("SGFS"), "%S+") do
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local name = vim.fn.fnamemodify(file, ":t")
  say("fenc", name, vim.bo[bufnr].fileencoding)
  vim.lsp.buf_attach_client(bufnr, client_id)
  if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    say("error no diagnostics for", name)
  end
  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  for _, d in ipairs(diags) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code then
      say("diag", name, code, tostring(d.lnum), tostring(d.col), tostring(d.end_lnum),
          tostring(d.end_col))
    else
      say("message", name, (d.message:gsub("\n", " ")))
    end
  end
end
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
say("done")
out:close()
vim.cmd("qa!")
