// The cuttable TCP proxies of make faults, one per datastore, in a process of their own so that the load the run
// generates never delays the services' datastore traffic. A cut ("reset") closes every open connection and refuses
// new ones until restored, as dev.pressroom.kernel.testing.CuttableProxy does in the @QuarkusTest classes; a
// "blackhole" cut is a network partition instead: open connections stop carrying bytes and new ones are accepted but
// never answered, so clients wait for their own timeouts; on restore those connections are dropped.
//   node proxy.mjs name=targetHost:targetPort ...   (forked: reports {ports} once listening; messages {name, up, mode})
import net from 'node:net';

const proxies = new Map();
for (const spec of process.argv.slice(2)) {
  const [name, target] = spec.split('=');
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const proxy = { up: true, mode: 'reset', open: new Set() };
  proxy.server = net.createServer((client) => {
    if (!proxy.up && proxy.mode === 'reset') {
      client.destroy();
      return;
    }
    if (!proxy.up) {
      client.pause();
      client.on('error', () => client.destroy());
      proxy.open.add(client);
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

process.on('message', ({ name, up, mode }) => {
  const proxy = proxies.get(name);
  const blackholed = !proxy.up && proxy.mode === 'blackhole';
  proxy.up = up;
  proxy.mode = mode ?? proxy.mode;
  if (!up && proxy.mode === 'blackhole') {
    for (const socket of proxy.open) {
      socket.unpipe();
      socket.pause();
    }
  } else if (!up || blackholed) {
    for (const socket of proxy.open) socket.destroy();
    proxy.open.clear();
  }
  process.send({ name, up });
});
process.on('disconnect', () => process.exit(0));
