import { Component, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AuthProvider } from '@/lib/auth';
import { ErrorState } from '@/components/ui/states';

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <div className="p-8">
          <ErrorState message={`Something went wrong: ${this.state.error.message}`} onRetry={() => window.location.reload()} />
        </div>
      );
    }
    return this.props.children;
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true }}>
        <AuthProvider>{children}</AuthProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
