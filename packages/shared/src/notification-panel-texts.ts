// The bell panel's frame texts, apart from notification-constants.ts (whose notificationTexts
// spreads them): the frame is drawn with every signed-in page, and its first load should not
// carry all of the notification centre's texts (1.8 KB gzipped, issue 34).

export const notificationPanelTexts = {
  markAllRead: 'Mark all as read',
  clearAll: 'Clear All',
  viewAll: 'View All Notifications',
} as const;
