/** Device form and list: how the server reaches a door device's own store of people (its driver). */
export const driversEn = {
  driver: 'Driver',
  names: { openvisit: 'OpenVisit', hikvision: 'Hikvision ISAPI', zkteco: 'ZKTeco PUSH' },
  help: {
    openvisit: 'Our own protocol: readers ask the server at each scan, face terminals fetch their people from the server.',
    hikvision:
      'The server writes people to the device over ISAPI, at its address and port, with a device account. The device must be reachable from the server.',
    zkteco:
      'The device calls the server (it may sit behind NAT) and names itself by its serial number; the server answers with the people it must hold.',
  },
  user: 'Device account',
  userHelp: 'An administrator account of the device (ISAPI), e.g. admin.',
  password: 'Device password',
  passwordStored: 'Stored — leave empty to keep it',
  passwordHelp: 'Kept sealed on the server and never shown again.',
  tls: 'HTTPS',
  tlsHelp: 'Reach the device over HTTPS. Without a port, the server uses 443 with HTTPS and 80 without.',
  zkSerial: 'The identifier is the device’s serial number (SN), as shown in its system information.',
  zkServer: 'On the device, under Cloud Server / ADMS settings, enter this server’s address and port: the device then polls the server by itself.',
  kindUnsupported: 'This driver does not keep people for this kind of device',
};
