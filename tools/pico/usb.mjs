// The USB serial port (CDC) as a computer sees it: rp2040js's host side enumerates the
// board and opens the port (DTR), and three things are added so MicroPython's TinyUSB
// behaves as on a cable:
//  - start-of-frame every millisecond while the device asks for it (rp2040js makes
//    them in host mode only; MicroPython waits for some after DTR before it flushes,
//    and TinyUSB times its RP2040 errata workaround by them);
//  - the bus reset after the device connects shortened from 10 ms to 0.1 ms, so the
//    port is open before main.py prints (earlier output only survives in
//    MicroPython's small CDC buffer, as on a board);
//  - data for the board is handed over only when there is some, so an idle board
//    sleeps instead of taking empty packets.
import { USBCDC } from 'rp2040js';

const DEV_SOF = 1 << 17; // INTR / INTE bit
const SOF_RD = 0x48;
const INTE = 0x90;

export class Serial {
  constructor(mcu) {
    const usb = mcu.usbCtrl;
    this.cdc = new USBCDC(usb);
    this.open = false;
    this.out = []; // bytes from the board not yet taken
    this.queue = []; // bytes for the board not yet handed over
    this.waiting = null; // the board's OUT request we hold back
    this.cdc.onDeviceConnected = () => { this.open = true; };
    this.cdc.onSerialData = (buf) => { for (const b of buf) this.out.push(b); };
    usb.onUSBEnabled = () => usb.resetAlarm.schedule(0.1e6);
    const handOver = usb.onEndpointRead;
    this.handOver = handOver;
    usb.onEndpointRead = (endpoint, size) => {
      if (this.open && endpoint === this.cdc.outEndpoint && !this.queue.length && this.cdc.txFIFO.empty) {
        this.waiting = [endpoint, size];
        return;
      }
      this.fill();
      handOver(endpoint, size);
    };
    this.startFrames(mcu, usb);
  }

  startFrames(mcu, usb) {
    let ticking = false;
    const alarm = mcu.clock.createAlarm(() => {
      ticking = false;
      if (usb.hostMode || !(usb.intEnable & DEV_SOF)) return;
      usb.sofFrameNumber = (usb.sofFrameNumber + 1) & 0x7ff;
      usb.intRaw |= DEV_SOF;
      usb.checkInterrupts();
      ticking = true;
      alarm.schedule(1e6);
    });
    const write = usb.writeUint32.bind(usb);
    usb.writeUint32 = (offset, value) => {
      write(offset, value);
      if (offset === INTE && usb.intEnable & DEV_SOF && !ticking && !usb.hostMode) {
        ticking = true;
        alarm.schedule(1e6 - (mcu.clock.nanos % 1e6) || 1e6); // on the 1 ms grid
      }
    };
    const read = usb.readUint32.bind(usb);
    usb.readUint32 = (offset) => {
      const v = read(offset);
      if (offset === SOF_RD && usb.intRaw & DEV_SOF) {
        usb.intRaw &= ~DEV_SOF;
        usb.checkInterrupts();
      }
      return v;
    };
  }

  fill() {
    const fifo = this.cdc.txFIFO;
    while (this.queue.length && !fifo.full) fifo.push(this.queue.shift());
  }

  // Bytes typed into the port.
  send(bytes) {
    for (const b of bytes) this.queue.push(b);
    this.fill();
    if (this.waiting) {
      const [endpoint, size] = this.waiting;
      this.waiting = null;
      this.handOver(endpoint, size);
    }
  }

  take() {
    const got = Buffer.from(this.out);
    this.out = [];
    return got;
  }
}
