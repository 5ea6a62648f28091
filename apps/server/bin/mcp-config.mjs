// `quire mcp-config`: prints the JSON an MCP client reads to connect to this Quire's MCP server (`POST /mcp`)
// with a personal access token. The same JSON as the account page's (packages/shared/src/api/tokens.ts,
// `mcpConfigSnippet`; the command line test compares them). Nothing is sent anywhere.
import process from 'node:process';

export const MCP_CONFIG_USAGE = `  quire mcp-config --server <http://host:7700> [--token <personal access token>]

Prints the JSON to add to an MCP client's settings (Claude Code, Cursor and others) so it reads the docs of
this Quire with your permissions. Create the token on the account page (Access tokens); without --token (or
QUIRE_TOKEN) the JSON says <token> where it goes.`;

/** Runs `quire mcp-config` with its arguments; answers the exit status. */
export function mcpConfigCommand(argv) {
  let server = process.env.QUIRE_SERVER || '';
  let token = process.env.QUIRE_TOKEN || '';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(`Usage:\n${MCP_CONFIG_USAGE}`);
      return 0;
    }
    if (arg === '--server' || arg === '--token') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return usageError(`${arg} needs a value`);
      if (arg === '--server') server = value;
      else token = value;
      i += 1;
    } else return usageError(`unknown argument ${arg}`);
  }
  if (!server) return usageError('--server (or QUIRE_SERVER) is required');
  if (!/^https?:\/\/[^\s]+$/.test(server)) return usageError('--server must be an http(s) address');
  const url = `${server.replace(/\/+$/, '')}/mcp`;
  const config = {
    mcpServers: { quire: { type: 'http', url, headers: { Authorization: `Bearer ${token || '<token>'}` } } },
  };
  console.log(JSON.stringify(config, null, 2));
  return 0;
}

function usageError(message) {
  console.error(`quire mcp-config: ${message}\n\nUsage:\n${MCP_CONFIG_USAGE}`);
  return 2;
}
