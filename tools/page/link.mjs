// Two tabs of one browser as two boards on a link cable: each tab's worker joins
// a BroadcastChannel named for the link (?link=NAME) and carries its board's link
// port (tools/host/devices.BytePort) over it, in hex: what the board wrote goes
// out after each frame, what the other tab sent is fed in as it comes. A
// BroadcastChannel reaches every other tab of that name, so two tabs make the
// crossed pair of a cable; a third would hear both (no ring: two tabs only).
export function joinLink(name, port) {
  const channel = new BroadcastChannel("jokerpocket-link:" + name);
  const link = {
    sent: 0, // bytes, both ways
    came: 0,
    flush() {
      const out = port.take();
      if (out) channel.postMessage(out);
      link.sent += out.length / 2;
      return out.length / 2;
    },
    close() {
      channel.close();
    },
  };
  channel.onmessage = (e) => {
    port.feed(e.data);
    link.came += e.data.length / 2;
  };
  return link;
}
