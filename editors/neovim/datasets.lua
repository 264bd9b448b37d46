-- Neovim (0.7 and later): start `datasets lsp` for the datasets and suites of a test
-- app's `.resources` folder. Put this file in ~/.config/nvim/plugin/ (or require it).
-- Set `vim.g.datasets_lsp_cmd` to change the command, e.g. { "uvx", "--from",
-- "ait-datasets[lsp]", "datasets", "lsp" }.
local clients = {} -- one server per app folder

local function start()
  local path = vim.api.nvim_buf_get_name(0)
  local resources = path:match("^(.*/%.resources)/")
  if resources == nil then
    return
  end
  local root = vim.fn.fnamemodify(resources, ":h")
  local client_id = clients[root]
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = "datasets",
      cmd = vim.g.datasets_lsp_cmd or { "datasets", "lsp" },
      root_dir = root,
      init_options = { workDate = vim.g.datasets_work_date },
      on_attach = function(_, bufnr)
        -- The date after each placeholder: inlay hints exist from Neovim 0.10 on, and are
        -- off until enabled (older versions have no vim.lsp.inlay_hint and show none).
        if vim.lsp.inlay_hint and type(vim.lsp.inlay_hint.enable) == "function" then
          pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
        end
      end,
    })
    clients[root] = client_id
  end
  if client_id then
    vim.lsp.buf_attach_client(0, client_id)
  end
end

vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  pattern = { "*.yaml", "*.yml", "*.jsonl", "*.json", "*.xml" },
  callback = start,
})
