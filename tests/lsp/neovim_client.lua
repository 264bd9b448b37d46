-- Drives Neovim's built-in LSP client (0.7+) against `datasets lsp`, headless.
-- Environment: DATASETS_LSP_CMD (JSON list), DATASETS_OUT (a file for the results),
-- DATASETS_CODE (the finding whose first quick fix to apply).
local cmd = vim.fn.json_decode(os.getenv("DATASETS_LSP_CMD"))
local out = os.getenv("DATASETS_OUT")
local wanted = os.getenv("DATASETS_CODE")
local result = { diagnostics = {}, actions = {}, lines = {} }

local function finish()
  local fh = io.open(out, "w")
  fh:write(vim.fn.json_encode(result))
  fh:close()
  vim.cmd("qa!")
end

-- The file named on the command line is loaded only after this script: start then.
local function main()
  local path = vim.api.nvim_buf_get_name(0)
  local client_id = vim.lsp.start_client({
    name = "datasets",
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(path, ":h"),
    init_options = { workDate = "2026-03-17" },
  })
  vim.lsp.buf_attach_client(0, client_id)

  local got = vim.wait(30000, function()
    return #vim.diagnostic.get(0) > 0
  end, 50)
  if not got then
    result.error = "no diagnostics"
    finish()
    return
  end
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(result.diagnostics, {
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
      lnum = d.lnum, col = d.col, message = d.message, severity = d.severity,
    })
  end

  local client = vim.lsp.get_client_by_id(client_id)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == wanted then
      local params = {
        textDocument = { uri = vim.uri_from_bufnr(0) },
        range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
        context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, d.lnum), only = { "quickfix" } },
      }
      local response, err = client.request_sync("textDocument/codeAction", params, 10000, 0)
      if response == nil or response.err then
        result.error = vim.inspect(err or response.err)
      end
      for _, action in ipairs((response and response.result) or {}) do
        table.insert(result.actions, action.title)
      end
      for _, action in ipairs((response and response.result) or {}) do
        if action.isPreferred and action.edit then
          vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
          break
        end
      end
      break
    end
  end
  result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  finish()
end

vim.api.nvim_create_autocmd("VimEnter", { callback = main, once = true })
