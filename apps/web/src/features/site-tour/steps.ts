/**
 * The site tour's steps (decision 025): the consumer client's main screens, each with
 * where to find it. Plain text; the dialog shows one at a time.
 */
export interface TourStep {
  title: string;
  text: string;
  /** Where the screen is, shown under the text. */
  where?: string;
}

export function tourSteps(appTitle: string): TourStep[] {
  return [
    {
      title: `Welcome to ${appTitle}`,
      text: 'This short tour shows you the main screens. Move with Next and Back or the arrow keys; leave at any time with Skip tour or Escape.',
    },
    {
      title: 'Search donors',
      text: 'Filter donors by the traits that matter to you (eye and hair colour, education, ethnicity, location and more) and save a search to come back to it.',
      where: 'Home, or Search donors in the menu.',
    },
    {
      title: 'Favorites',
      text: 'Mark the donors you like with the heart on their card. Your favorites stay together so you can compare them side by side.',
      where: 'Favorites in the menu.',
    },
    {
      title: 'Donor details',
      text: "Open a donor's card to read her full profile: photos, health and family history, education and her own words. You can download it as a PDF.",
      where: 'Open any donor card from the search or your favorites.',
    },
    {
      title: 'Your portfolio',
      text: 'Your case manager gathers the donors chosen for you in a portfolio. Review it, give feedback on each donor and request a match when you are ready.',
      where: 'The link in the e-mail your case manager sends, or your home page once it is shared.',
    },
    {
      title: 'Messages',
      text: 'Write to your case manager and the support team in the message room; new messages also show under the bell at the top.',
      where: 'Messages in the menu.',
    },
    {
      title: 'Coaching sessions',
      text: 'Book a coaching session with your case manager in a free slot that suits you, in your own time zone.',
      where: 'Coaching session in the menu, once you have coaching credits.',
    },
    {
      title: 'Subscription',
      text: 'A premium subscription opens every donor profile and your case manager’s help. You can see its status, next payment and bills in your profile.',
      where: 'Premium subscription in the menu, and the Subscription tab of your profile.',
    },
    {
      title: 'Learn and get help',
      text: 'Read the articles, videos, guides and answers our team prepared for you. For personal, hands-on support, ask for the concierge membership.',
      where: 'Education resources in the menu; Upgrade to concierge at the top of the page.',
    },
  ];
}
