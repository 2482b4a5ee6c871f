# Stand-ins for the board's hardware, for host tests and the simulator: an I2C bus that
# records every transfer and decodes what an SSD1306 would do with it, pins that tests
# drive, a `machine`-like module for firmware.board, and clocks with the device's
# ticks arithmetic. Runs on CPython and MicroPython (it is loaded into the wasm port too).
import binascii

EIO = 5  # what the rp2 port raises when nobody acknowledges an address
TICKS_MASK = 0x3FFFFFFF  # ticks_ms() wraps at 2**30 on every port
TICKS_HALF = 0x20000000  # (2**30 itself is no small int on a 32-bit port: kept out of the sums)

# Argument bytes that follow each SSD1306 command with arguments; the others take none.
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
    0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}
HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class Panel:
    # An SSD1306 controller: command decoding, address pointers and the 128x8-page
    # GDDRAM. `errors` collects anything a real chip would not do what the driver meant.

    def __init__(self, record=True):
        self.record = record  # keep the decoded command log (tests); off for long runs
        self.ram = bytearray(1024)
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.all_on = False
        self.charge_pump = False
        self.mode = PAGE  # the chip's reset default
        self.col_start, self.col_end, self.page_start, self.page_end = 0, 127, 0, 7
        self.col = 0
        self.page = 0
        self.mux = 64
        self.seg_remap = False
        self.com_reversed = False
        self.com_pins = 0x12
        self.scrolling = False
        self.commands = []  # (command, args) in the order received
        self.errors = []
        self.data_bytes = 0
        self._cmd = -1
        self._args = []

    def shown(self):
        # What the glass shows: the RAM, nothing while the display is off, every
        # pixel under "entire display on", the RAM inverted under "inverse".
        if not self.on:
            return bytes(len(self.ram))
        if self.all_on:
            return b"\xff" * len(self.ram)
        if self.inverted:
            return bytes([b ^ 0xFF for b in self.ram])
        return bytes(self.ram)

    def feed(self, data):
        # One I2C transfer after the address: control byte(s), then commands or data.
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.errors.append("bad control byte 0x%02x" % ctrl)
            is_data = ctrl & 0x40
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
                continue
            while i < n:
                self._byte(data[i], is_data)
                i += 1

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        elif self._cmd >= 0:
            self._args.append(b)
            if len(self._args) == _ARGS[self._cmd]:
                self._run(self._cmd, self._args)
                self._cmd = -1
        elif b in _ARGS:
            self._cmd = b
            self._args = []
        else:
            self._run(b, [])

    def _data(self, b):
        self.ram[self.page * 128 + self.col] = b
        self.data_bytes += 1
        if self.mode == HORIZONTAL:
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page = self.page + 1 if self.page < self.page_end else self.page_start
        elif self.mode == VERTICAL:
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col = self.col + 1 if self.col < self.col_end else self.col_start
        else:
            self.col = (self.col + 1) & 127

    def _run(self, c, a):
        if self.record:
            self.commands.append((c, tuple(a)))
        if c == 0x20:
            if a[0] > 2:
                self.errors.append("invalid addressing mode %d" % a[0])
            else:
                self.mode = a[0]
        elif c == 0x21 or c == 0x22:
            if self.mode == PAGE:
                self.errors.append("window command 0x%02x ignored in page addressing mode" % c)
            elif c == 0x21:
                self.col_start, self.col_end = a[0] & 127, a[1] & 127
                self.col = self.col_start
            else:
                self.page_start, self.page_end = a[0] & 7, a[1] & 7
                self.page = self.page_start
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif c == 0xA8:
            self.mux = a[0] + 1
        elif c == 0xDA:
            self.com_pins = a[0]
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xC0 or c == 0xC8:
            self.com_reversed = c == 0xC8
        elif c == 0xA4 or c == 0xA5:
            self.all_on = c == 0xA5
        elif c == 0xA6 or c == 0xA7:
            self.inverted = c == 0xA7
        elif c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0x2E or c == 0x2F:
            self.scrolling = c == 0x2F
        elif c < 0x10:
            self.col = (self.col & 0xF0) | c
        elif c < 0x20:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif not (0x40 <= c <= 0x7F or c in _ARGS or c == 0xE3):
            self.errors.append("unknown command 0x%02x" % c)


class FakeI2C:
    # An I2C bus with devices at `addr_present`; the first of them is an SSD1306 panel.
    # `log` keeps (address, bytes) for every transfer (record=False keeps none, for long
    # simulator runs); `bus_us` adds up the wire time at `freq` (9 clocks per byte).

    def __init__(self, addr_present=(0x3C,), freq=400000, record=True):
        self.present = tuple(addr_present)
        self.panel_addr = self.present[0] if self.present else -1
        self.panel = Panel(record)
        self.freq = freq
        self.record = record
        self.log = []
        self.transfers = 0
        self.bus_us = 0

    def scan(self):
        return sorted(self.present)

    def writeto(self, addr, buf, stop=True):
        return self._write(addr, bytes(buf))

    def writevto(self, addr, vecs, stop=True):
        return self._write(addr, b"".join([bytes(v) for v in vecs]))

    def _write(self, addr, data):
        if addr not in self.present:
            raise OSError(EIO)
        self.transfers += 1
        self.bus_us += (len(data) + 1) * 9000 // (self.freq // 1000)
        if self.record:
            self.log.append((addr, data))
        if addr == self.panel_addr:
            self.panel.feed(data)
        return len(data) + 1


class BusioI2C(FakeI2C):
    # CircuitPython's busio.I2C on the same recording bus: a lock to take first
    # (try_lock() is False while it is held), and writeto(address, buffer=...).
    def __init__(self, addr_present=(0x3C,), freq=400000, record=True):
        FakeI2C.__init__(self, addr_present, freq, record)
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        if not self.locked:
            raise RuntimeError("Function requires lock")
        return FakeI2C.scan(self)

    def writeto(self, address, buffer, *, start=0, end=None):
        if not self.locked:
            raise RuntimeError("Function requires lock")
        return self._write(address, bytes(buffer[start:end]))

    def deinit(self):
        pass


class FakePin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id=None, mode=-1, pull=-1, value=1):
        self.id = id
        self.mode = mode
        self.pull = pull
        self._v = value
        self.history = []  # values written while an output (the LED's blinks)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self._v
        self._v = 1 if v else 0
        if self.mode == FakePin.OUT:
            self.history.append(self._v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def toggle(self):
        self.value(1 - self._v)


class FakePWM:
    # machine.PWM on a pin: the pitch and duty a piezo would sound (sounding()).
    def __init__(self, pin=None):
        self.pin = pin
        self.hz = 0
        self.duty = 0

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        self.hz = hz
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self.duty
        self.duty = d
        return None

    def sounding(self):
        # The pitch heard, 0 when quiet.
        return self.hz if self.duty else 0


class _PinMaker:
    # machine.Pin: constructing a pin by id returns the one FakePin for that id, so a
    # test can hold the same object the firmware reads.
    IN = FakePin.IN
    OUT = FakePin.OUT
    OPEN_DRAIN = FakePin.OPEN_DRAIN
    PULL_UP = FakePin.PULL_UP
    PULL_DOWN = FakePin.PULL_DOWN

    def __init__(self, pins, names):
        self.pins = pins
        self.names = names

    def __call__(self, id, mode=-1, pull=-1, value=None):
        if id in self.names:
            id = self.names[id]
        if not (isinstance(id, int) and 0 <= id <= 29):
            raise ValueError("invalid pin")
        pin = self.pins.get(id)
        if pin is None:
            pin = FakePin(id)
            self.pins[id] = pin
        pin.init(mode, pull, value)
        return pin


# RP2040 datasheet, GPIO functions (F2): the pins each UART's TX and RX come out on.
UART_TX = {0: (0, 12, 16, 28), 1: (4, 8, 20, 24)}
UART_RX = {0: (1, 13, 17, 29), 1: (5, 9, 21, 25)}


class BytePort:
    # The link port's interface (any, read, write: non-blocking, as machine.UART
    # with timeout 0) over two buffers: `came`, what the cable brought, and
    # `sent`, what was written, for whatever carries it (a test; the web page's
    # worker, in hex, through feed_hex and take_hex).
    def __init__(self):
        self.came = bytearray()
        self.sent = bytearray()

    def any(self):
        return len(self.came)

    def read(self, n=-1):
        if not self.came:
            return None
        n = len(self.came) if n < 0 else n
        got = bytes(self.came[:n])
        self.came = self.came[n:]
        return got

    def write(self, buf):
        self.sent += buf
        return len(buf)

    def feed_hex(self, text):
        self.came += binascii.unhexlify(text)

    def take_hex(self):
        out = binascii.hexlify(self.sent).decode()
        self.sent = bytearray()
        return out


class FakeUART(BytePort):
    # machine.UART as firmware.board sets it up.
    def __init__(self, id, baudrate, tx, rx, timeout, rxbuf):
        BytePort.__init__(self)
        self.id = id
        self.baudrate = baudrate
        self.tx = tx
        self.rx = rx
        self.timeout = timeout
        self.rxbuf = rxbuf


class FakeMachine:
    # Enough of an rp2 `machine` module for firmware.board: Pin, I2C (checking that the
    # pins can carry that bus, as the rp2 port does), SoftI2C on any pins, PWM and UART.

    def __init__(self, i2c_present=(0x3C,), led_name=25):
        self.pins = {}
        self.Pin = _PinMaker(self.pins, {"LED": led_name})
        self.i2c_present = i2c_present
        self.buses = []
        self.uarts = []

    def I2C(self, id, sda=None, scl=None, freq=400000):
        if id not in (0, 1):
            raise ValueError("I2C(%r) doesn't exist" % (id,))
        if sda is None or sda.id % 4 != 2 * id or scl is None or scl.id % 4 != 2 * id + 1:
            raise ValueError("bad SCL/SDA pin")
        return self.bus_for(freq)

    def PWM(self, pin):
        return FakePWM(pin)

    def SoftI2C(self, sda=None, scl=None, freq=400000):
        if sda is None or scl is None:
            raise ValueError("SoftI2C needs sda and scl")
        return self.bus_for(freq)

    def UART(self, id, baudrate=115200, tx=None, rx=None, timeout=0, rxbuf=256):
        if id not in (0, 1):
            raise ValueError("UART(%r) doesn't exist" % (id,))
        if tx is None or tx.id not in UART_TX[id]:
            raise ValueError("bad TX pin")
        if rx is None or rx.id not in UART_RX[id]:
            raise ValueError("bad RX pin")
        self.uarts.append(FakeUART(id, baudrate, tx, rx, timeout, rxbuf))
        return self.uarts[-1]

    def bus_for(self, freq):
        bus = FakeI2C(self.i2c_present, freq)
        self.buses.append(bus)
        return bus


class FakeClock:
    # time.ticks_ms and friends on a clock that moves only when told (or slept on).
    def __init__(self, start=0):
        self.t = start & TICKS_MASK
        self.slept = 0

    def ticks_ms(self):
        return self.t

    def ticks_add(self, t, delta):
        return (t + delta) & TICKS_MASK

    def ticks_diff(self, a, b):
        d = (a - b) & TICKS_MASK
        return d - TICKS_MASK - 1 if d >= TICKS_HALF else d

    def advance(self, ms):
        self.t = (self.t + ms) & TICKS_MASK

    def sleep_ms(self, ms):
        self.advance(ms)
        self.slept += ms


class WallClock(FakeClock):
    # The host's real time with the device's ticks arithmetic, for playing in the simulator.
    def __init__(self):
        import time

        self._time = time
        FakeClock.__init__(self, 0)

    def ticks_ms(self):
        return int(self._time.monotonic() * 1000) & TICKS_MASK

    def sleep_ms(self, ms):
        self._time.sleep(ms / 1000)
        self.slept += ms
