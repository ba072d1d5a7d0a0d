// The cuttable TCP proxies of make faults, one per datastore, in a process of their own so that the load the run
// generates never delays the services' datastore traffic. Cutting closes every open connection and refuses new
// ones until restored, as dev.pressroom.kernel.testing.CuttableProxy does in the @QuarkusTest classes.
//   node proxy.mjs name=targetHost:targetPort ...   (forked: reports {ports} once listening; messages {name, up})
import net from 'node:net';

const proxies = new Map();
for (const spec of process.argv.slice(2)) {
  const [name, target] = spec.split('=');
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const proxy = { up: true, open: new Set() };
  proxy.server = net.createServer((client) => {
    if (!proxy.up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    const close = () => {
      client.destroy();
      upstream.destroy();
      proxy.open.delete(client);
      proxy.open.delete(upstream);
    };
    proxy.open.add(client);
    proxy.open.add(upstream);
    for (const socket of [client, upstream]) socket.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  proxies.set(name, proxy);
}

await Promise.all([...proxies.values()].map((p) => new Promise((resolve) => p.server.listen(0, '127.0.0.1', resolve))));
process.send({ ports: Object.fromEntries([...proxies].map(([name, p]) => [name, p.server.address().port])) });

process.on('message', ({ name, up }) => {
  const proxy = proxies.get(name);
  proxy.up = up;
  if (!up) {
    for (const socket of proxy.open) socket.destroy();
    proxy.open.clear();
  }
  process.send({ name, up });
});
process.on('disconnect', () => process.exit(0));
