import Koa from 'koa';

/** The yardstick: a bare Koa app answering a small JSON body. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { status: 'ok', items: [1, 2, 3] };
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
