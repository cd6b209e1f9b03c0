import { MSG } from '@dm/shared';
import { Button } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { AccessMessage } from './AccessMessage';

/**
 * /noportfolio/1: nothing shared yet, with a way to message the case manager (the message room
 * opens the chat with them); /noportfolio/2: no case manager assigned.
 */
export default function NoPortfolioPage() {
  const { id } = useParams();
  const { user } = useSession();
  const noManager = id === '2';
  const managerId = user?.managerId ?? null;
  return (
    <AccessMessage
      title={noManager ? 'No case manager yet' : 'No portfolio yet'}
      action={
        !noManager && managerId ? (
          <Button component="a" href={`#/messageroom/0/${managerId}`} variant="light">
            Message my case manager
          </Button>
        ) : undefined
      }
    >
      {noManager
        ? MSG.NO_CASE_MANAGER
        : `${MSG.NO_PORTFOLIO} Your case manager will share donor profiles with you here.`}
    </AccessMessage>
  );
}
