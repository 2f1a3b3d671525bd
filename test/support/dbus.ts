/** True when a D-Bus session is there (as under scripts/with-keyring.sh), so the real Secret Service can be used. */
export const hasDbus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
