// undici's pool alone (connection-pool.ts loads it without the rest of undici): the class its index
// exports as Agent, under the file path undici keeps it in.
declare module "undici/lib/dispatcher/agent.js" {
  import type { Agent } from "undici";

  const AgentClass: typeof Agent;
  export default AgentClass;
}
